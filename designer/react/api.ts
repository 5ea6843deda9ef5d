/**
 * The designer's calls to the schema store (server/modules/save-routes.ts), over the host's request
 * function: the module, its head version, a dry run answering the table-sync plan, the save (with
 * the version it was based on: P4009 when someone saved in between), versions, diff and rollback.
 */
import { isSuccess, ResultCode } from '../../protocol/codes';
import type { ApiResult, RequestFn } from '../../protocol/http';
import type { PatchOperation } from '../../runtime/core/schema/change-patch';

export interface PlanStep {
  op: string;
  [name: string]: unknown;
}

export interface VersionInfo {
  id: string;
  version: number;
  author: string | null;
  author_name: string | null;
  created_at: number;
  provenance: string;
}

export interface StoreIssue {
  pointer: string;
  code: string;
  message: { zh: string; en: string };
}

export interface LoadedModule {
  id: string;
  title: string;
  table: string;
  schema: unknown;
  /** The head version (undefined when the versions are not readable: not an admin). */
  version?: number;
  canSave: boolean;
}

export type SaveAnswer =
  | { ok: true; version: number; plan: PlanStep[] }
  | {
      ok: false;
      kind: 'conflict' | 'invalid' | 'confirm' | 'error';
      message: string;
      issues?: StoreIssue[];
      plan?: PlanStep[];
    };

const url = (id: string, rest = '') => `module/${encodeURIComponent(id)}${rest}`;

export async function loadModule(request: RequestFn, id: string): Promise<LoadedModule> {
  const [record, versions] = await Promise.all([
    request<{ id: string; title: string; table_name: string; schema: unknown }>({ method: 'GET', url: url(id) }),
    request<VersionInfo[]>({ method: 'GET', url: url(id, '/versions') }),
  ]);
  if (!isSuccess(record.code)) throw new Error(record.message);
  const canSave = isSuccess(versions.code);
  const schema = typeof record.data.schema === 'string' ? JSON.parse(record.data.schema) : record.data.schema;
  return {
    id: String(record.data.id),
    title: record.data.title,
    table: record.data.table_name,
    schema,
    version: canSave ? versions.data[0]?.version : undefined,
    canSave,
  };
}

function answerOf(result: ApiResult<unknown>): SaveAnswer {
  const data = (result.data ?? {}) as { version?: number; plan?: PlanStep[]; issues?: StoreIssue[] };
  if (isSuccess(result.code)) return { ok: true, version: Number(data.version), plan: data.plan ?? [] };
  if (String(result.code) === ResultCode.CONFLICT) return { ok: false, kind: 'conflict', message: result.message };
  if (data.issues?.length) return { ok: false, kind: 'invalid', message: result.message, issues: data.issues };
  if (data.plan) return { ok: false, kind: 'confirm', message: result.message, plan: data.plan };
  return { ok: false, kind: 'error', message: result.message };
}

export interface SaveRequest {
  schema: unknown;
  baseVersion?: number;
  dryRun?: boolean;
  confirm?: boolean;
}

export async function saveModule(request: RequestFn, id: string, save: SaveRequest): Promise<SaveAnswer> {
  const body = {
    schema: save.schema,
    ...(save.baseVersion !== undefined ? { base_version: save.baseVersion } : {}),
    ...(save.dryRun ? { dry_run: true } : {}),
    ...(save.confirm ? { confirm: true } : {}),
    provenance: 'designer',
  };
  return answerOf(await request({ method: 'PUT', url: url(id), body }));
}

export async function listVersions(request: RequestFn, id: string): Promise<VersionInfo[]> {
  const result = await request<VersionInfo[]>({ method: 'GET', url: url(id, '/versions') });
  if (!isSuccess(result.code)) throw new Error(result.message);
  return result.data.map(({ id: vid, version, author, author_name, created_at, provenance }) => ({
    id: vid,
    version,
    author,
    author_name,
    created_at,
    provenance,
  }));
}

export async function diffVersions(
  request: RequestFn,
  id: string,
  from: number,
  to: number,
): Promise<{ pointer: string; message: { zh: string; en: string } }[]> {
  const result = await request<{ changes: { pointer: string; message: { zh: string; en: string } }[] }>({
    method: 'GET',
    url: url(id, '/diff'),
    query: { from, to },
  });
  if (!isSuccess(result.code)) throw new Error(result.message);
  return result.data.changes;
}

export async function rollbackTo(request: RequestFn, id: string, version: number, base?: number): Promise<SaveAnswer> {
  return answerOf(
    await request({
      method: 'POST',
      url: url(id, `/rollback/${version}`),
      body: base === undefined ? {} : { base_version: base },
    }),
  );
}

/** A dictionary of the app (系统管理 → 数据字典): what a select's options can come from. */
export interface DictionaryInfo {
  code: string;
  title: string;
}

/** The app's dictionaries; undefined when they cannot be read (then no dictionary is called missing). */
export async function listDictionaries(request: RequestFn): Promise<DictionaryInfo[] | undefined> {
  const result = await request<{ list: { code: string; title: string }[] }>({
    method: 'POST',
    url: 'common/tessera_sys_dict_type/list',
    body: { isPage: true, current: 1, pageSize: 1000, sorts: [{ key: 'code', order: 'asc' }] },
  });
  if (!isSuccess(result.code) || !Array.isArray(result.data?.list)) return undefined;
  return result.data.list.map((row) => ({ code: String(row.code), title: String(row.title ?? row.code) }));
}

export interface DictItemPreview {
  value: unknown;
  label: string;
}

/** A dictionary's items for the picker's preview (the same route the runtime's selects load). */
export async function previewDictionary(request: RequestFn, url: string): Promise<DictItemPreview[]> {
  const result = await request<{ value: unknown; label: string }[]>({ method: 'GET', url });
  if (!isSuccess(result.code)) throw new Error(result.message);
  return (Array.isArray(result.data) ? result.data : []).map((item) => ({ value: item.value, label: item.label }));
}

/** What POST ai-generator/describe-change answers (server/ai-generator/describe-routes.ts). */
export interface DescribedChange {
  summary: { zh: string; en: string };
  operations: PatchOperation[];
  repairs: number;
}

/** Asks the model for a change of the stored module (the server reads it; nothing is saved). */
export async function describeChange(
  request: RequestFn,
  body: { moduleId: string; baseVersion: number; content: string },
): Promise<{ ok: true; change: DescribedChange } | { ok: false; message: string }> {
  const result = await request<DescribedChange>({ method: 'POST', url: 'ai-generator/describe-change', body });
  if (!isSuccess(result.code)) return { ok: false, message: result.message };
  const { summary, operations, repairs } = result.data;
  return { ok: true, change: { summary, operations, repairs } };
}
