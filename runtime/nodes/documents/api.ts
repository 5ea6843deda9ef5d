/** The documents' calls (server/documents/routes.ts), through the runtime's RequestFn. */
import { isSuccess } from '../../../protocol/codes';
import type { ApiResult, RequestFn } from '../../../protocol/http';

export interface DocumentEntry {
  id: string;
  parent_id: string | null;
  title: string;
  sort: number;
  is_readme: boolean;
  is_public: boolean;
  update_at: number;
}

export interface DocumentView extends DocumentEntry {
  body: string;
  html: string;
  update_by: string | null;
  update_by_name: string | null;
}

export interface DocumentInput {
  title: string;
  parent_id: string | null;
  sort: number;
  body: string;
  is_public: boolean;
  is_readme: boolean;
}

/** A refused call: the server's message, in the user's language. */
export class DocumentsError extends Error {}

async function data<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!isSuccess(result.code)) throw new DocumentsError(result.message);
  return result.data;
}

export const documentsApi = (request: RequestFn) => ({
  tree: () => data(request<{ list: DocumentEntry[] }>({ method: 'GET', url: 'documents' })).then((d) => d?.list ?? []),
  get: (id: string) => data(request<DocumentView>({ method: 'GET', url: `documents/${id}` })),
  create: (body: DocumentInput) => data(request<DocumentView>({ method: 'POST', url: 'documents', body })),
  update: (id: string, body: Partial<DocumentInput>) =>
    data(request<DocumentView>({ method: 'PUT', url: `documents/${id}`, body })),
  remove: (id: string) => data(request<null>({ method: 'DELETE', url: `documents/${id}` })),
  readme: () =>
    data(
      request<{ readme: DocumentView | null; tree: DocumentEntry[] }>({ method: 'GET', url: 'documents/readme' }),
    ).then((d) => ({ readme: d?.readme ?? null, tree: d?.tree ?? [] })),
  read: (id: string) => data(request<DocumentView>({ method: 'GET', url: `documents/read/${id}` })),
});
