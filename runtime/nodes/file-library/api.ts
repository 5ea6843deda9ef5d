/**
 * The file-library API through the runtime's RequestFn (the shell's session, language and
 * envelope). Every call answers the server's result; the page shows a refusal's message as is.
 */
import type { ApiResult, RequestFn } from '../../../protocol/http';
import type { FolderRow } from './tree';

export interface ResourceItem {
  id: string;
  kind: 'folder' | 'file';
  name: string;
  parent_id: string | null;
  ext: string | null;
  size: number;
  /** api/files/download/<key> for a file: what the previews and downloads read. */
  url: string | null;
  update_at: number;
  deleted_at: number | null;
}

export interface ListParams {
  parentId: string | null;
  keyword: string;
  deleted: boolean;
  current: number;
  pageSize: number;
}

export function libraryApi(request: RequestFn, base: string) {
  const url = (path = '') => `${base}${path}`;
  return {
    list: (params: ListParams) =>
      request<{ list: ResourceItem[]; total: number }>({
        method: 'GET',
        url: url(),
        query: {
          current: params.current,
          pageSize: params.pageSize,
          ...(params.deleted ? { deleted: 1 } : params.keyword.trim() ? { keyword: params.keyword.trim() } : {}),
          ...(!params.deleted && !params.keyword.trim() && params.parentId ? { parentId: params.parentId } : {}),
        },
      }),
    folders: () => request<FolderRow[]>({ method: 'GET', url: url('/folders') }),
    quota: () => request<{ used: number; quota: number }>({ method: 'GET', url: url('/quota') }),
    createFolder: (name: string, parentId: string | null) =>
      request<ResourceItem>({ method: 'POST', url: url('/folders'), body: { name, parentId } }),
    upload: (file: Blob, name: string, parentId: string | null): Promise<ApiResult<ResourceItem>> => {
      const form = new FormData();
      form.append('file', file, name);
      return request<ResourceItem>({
        method: 'POST',
        url: url('/upload'),
        body: form,
        ...(parentId ? { query: { parentId } } : {}),
      });
    },
    rename: (id: string, name: string) => request<ResourceItem>({ method: 'PUT', url: url(`/${id}`), body: { name } }),
    move: (ids: string[], parentId: string | null) =>
      request({ method: 'POST', url: url('/move'), body: { ids, parentId } }),
    remove: (ids: string[]) => request({ method: 'DELETE', url: url(), body: { ids } }),
    restore: (ids: string[]) => request({ method: 'POST', url: url('/restore'), body: { ids } }),
  };
}

export type LibraryApi = ReturnType<typeof libraryApi>;

/** "1.5 MB" for the table and the quota line. */
export function formatSize(bytes: number): string {
  if (bytes >= 1024 * 1024 * 1024) return `${Math.round((bytes / 1024 / 1024 / 1024) * 10) / 10} GB`;
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round((bytes / 1024) * 10) / 10} KB`;
  return `${bytes} B`;
}
