/** The chat's calls (ai-and-widgets §7, server/ai/chat-routes.ts and routes.ts) through the runtime's RequestFn. */
import { isSuccess } from '../../../protocol/codes';
import type { ApiResult, RequestFn } from '../../../protocol/http';

export interface ChatSession {
  id: string;
  sessionName: string;
  sessionType: 'CHAT';
  chatModelId: string | null;
  agentId: string | null;
  createTime: number;
  updateTime: number;
}

export type RecordStatus = 'done' | 'stopped' | 'failed';

export interface ChatRecord {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  createTime: number;
  chatModelValue: string | null;
  status: RecordStatus;
}

export interface ModelOption {
  value: string;
  label: string;
}

export interface Agent {
  id: string;
  name: string;
  role: string | null;
  model_id: string | null;
}

export interface Tip {
  id: string;
  title: string;
  content: string;
}

export interface SendAnswer {
  recordId: string;
  status: RecordStatus;
  content: string;
}

/** Page sizes of §9: sessions 10, tips 12 (agents 10, §7). */
export const SESSION_PAGE = 10;
export const TIPS_PAGE = 12;
export const AGENT_PAGE = 10;

/** A refused call: the server's message, in the user's language (§8: shown as a warning). */
export class ChatError extends Error {}

async function data<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!isSuccess(result.code)) throw new ChatError(result.message);
  return result.data;
}

const SESSION = 'module/session/sessioninfo';

export const chatApi = (request: RequestFn) => ({
  sessions: (page: number) =>
    data(
      request<ChatSession[]>({
        method: 'GET',
        url: `${SESSION}/getUserSessionList`,
        query: { page, size: SESSION_PAGE, type: 'CHAT' },
      }),
    ),
  addSession: (body: { chatModelId: string | null; agentId: string | null }) =>
    data(
      request<ChatSession>({ method: 'POST', url: `${SESSION}/addSession`, body: { sessionType: 'CHAT', ...body } }),
    ),
  updateSession: (id: string, body: { sessionName?: string; chatModelId?: string | null }) =>
    data(request<ChatSession>({ method: 'PUT', url: `${SESSION}/updateSession/${id}`, body })),
  deleteSession: (id: string) => data(request<null>({ method: 'DELETE', url: `${SESSION}/deleteSession/${id}` })),
  clearSessions: () => data(request<{ removed: number }>({ method: 'DELETE', url: `${SESSION}/clearSession` })),
  records: (sessionId: string) =>
    data(
      request<ChatRecord[]>({
        method: 'GET',
        url: 'module/session/sessionrecord/getRecordSession',
        query: { sessionId },
      }),
    ),
  send: (body: { connectId: string; sessionId: string; content: string; ifConc2: '1' | '0' }) =>
    data(request<SendAnswer>({ method: 'POST', url: 'module/chat/send', body })),
  stop: (connectId: string) =>
    data(request<null>({ method: 'GET', url: `module/chat/stopStreamResponse/${connectId}` })),
  models: () => data(request<ModelOption[]>({ method: 'GET', url: 'module/config/chatmodel/getLabelOption' })),
  agents: (page: number) =>
    data(
      request<Agent[]>({
        method: 'GET',
        url: 'module/config/app/agent',
        query: { page, size: AGENT_PAGE, type: 'CHAT' },
      }),
    ),
  tips: (page: number, agentId: string | null) =>
    data(
      request<Tip[]>({
        method: 'GET',
        url: 'module/app/tips',
        query: { page, size: TIPS_PAGE, agentId: agentId ?? undefined },
      }),
    ),
});

export type ChatApi = ReturnType<typeof chatApi>;
