/** The messages' calls (server/messages/routes.ts), through the runtime's RequestFn. */
import { isSuccess } from '../../../protocol/codes';
import type { ApiResult, RequestFn } from '../../../protocol/http';

export interface MessageItem {
  id: string;
  title: string;
  body: string;
  link: string | null;
  source: 'flow' | 'task' | 'admin';
  sender_name: string | null;
  created_at: number;
  read: boolean;
}

export type InboxFilter = 'all' | 'unread' | 'read';

export interface Recipients {
  users: { id: string; name: string; account: string }[];
  roles: { id: string; name: string }[];
}

export interface SendInput {
  to: { userIds?: string[]; roleIds?: string[]; all?: boolean };
  title: string;
  body: string;
  link?: string | null;
}

/** A refused call: the server's message, in the user's language. */
export class MessagesError extends Error {}

async function data<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!isSuccess(result.code)) throw new MessagesError(result.message);
  return result.data;
}

export const messagesApi = (request: RequestFn) => ({
  list: (current: number, pageSize: number, filter: InboxFilter) =>
    data(
      request<{ list: MessageItem[]; total: number; unread: number }>({
        method: 'GET',
        url: `messages?current=${current}&pageSize=${pageSize}${filter === 'all' ? '' : `&filter=${filter}`}`,
      }),
    ),
  read: (ids: string[]) => data(request<{ unread: number }>({ method: 'POST', url: 'messages/read', body: { ids } })),
  readAll: () => data(request<{ unread: number }>({ method: 'POST', url: 'messages/readAll', body: {} })),
  remove: (id: string) => data(request<{ unread: number }>({ method: 'DELETE', url: `messages/${id}` })),
  recipients: () => data(request<Recipients>({ method: 'GET', url: 'messages/recipients' })),
  send: (body: SendInput) =>
    data(request<{ batchId: string; count: number }>({ method: 'POST', url: 'messages/send', body })),
});
