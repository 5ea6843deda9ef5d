/**
 * Module and dashboard page schemas are cached per app with the update_at they were fetched at; a
 * schema is fetched again only when the server's update_at for it changed (spec platform-shell §3:
 * the module and dashboard version maps).
 */
import { isSuccess } from '../../protocol/codes';
import { DEFAULT_TABLE_PREFIX } from '../../protocol/constants';
import type { PageSchema } from '../../protocol/page-schema';
import type { RequestOptions } from '../../protocol/http';
import { request } from '../api/client';
import { readStored, removeStored, writeStored } from './storage';
import { session, setDashboardVersion, setModuleVersion } from './store';
import { ShellError } from './shell-error';
import { serverState } from './server-state';

export interface ModuleRecord {
  id: string;
  title: string;
  table_name?: string;
  schema: PageSchema;
  update_at: number;
}

interface Kind {
  /** System table suffix: {prefix}module, {prefix}dashboard. */
  table: string;
  /** The call for one record. */
  one: (id: string, prefix: string) => RequestOptions;
  remember: (id: string, updateAt: number) => void;
}

const KINDS: Record<'module' | 'dashboard', Kind> = {
  module: {
    table: 'module',
    one: (id) => ({ method: 'GET', url: `module/${encodeURIComponent(id)}` }),
    remember: setModuleVersion,
  },
  dashboard: {
    table: 'dashboard',
    // Through the schema store's route, which migrates the stored schema to the latest version.
    one: (id) => ({ method: 'GET', url: `dashboard/${encodeURIComponent(id)}` }),
    remember: setDashboardVersion,
  },
};

const prefix = () => session.appInfo?.table_prefix ?? DEFAULT_TABLE_PREFIX;

/** Query keys of the version maps: per app and kind, all under VERSIONS. */
const VERSIONS = 'schema-versions';
const versionsKey = (kind: keyof typeof KINDS) => [VERSIONS, session.app, kind];

function currentVersions(kind: keyof typeof KINDS): Promise<Map<string, number>> {
  return serverState.fetchQuery({ queryKey: versionsKey(kind), queryFn: () => fetchVersions(kind) });
}

async function fetchVersions(kind: keyof typeof KINDS): Promise<Map<string, number>> {
  const result = await request<{ list: { id: string; update_at: number }[] }>({
    method: 'POST',
    url: `common/${prefix()}${KINDS[kind].table}/list`,
    body: { showFields: ['id', 'update_at'], querys: [{ key: 'is_deleted', value: 0, rule: 'EQUAL' }], isPage: false },
  });
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  return new Map(result.data.list.map((row) => [String(row.id), Number(row.update_at)]));
}

/** Ids of the app's live (not deleted) modules, from the version map. */
export async function liveModuleIds(): Promise<Set<string>> {
  return new Set((await currentVersions('module')).keys());
}

/** Forgets what the server said, e.g. after the designer saved a module, or on refresh cache. */
export function invalidateModuleVersions(): void {
  serverState.removeQueries({ queryKey: [VERSIONS] });
}

/**
 * Drops the cached copy of one module or dashboard schema (the event stream said it changed), so
 * the next load fetches it; anything else open keeps its cache.
 */
export function forget(kind: keyof typeof KINDS, id: string): void {
  serverState.getQueryData<Map<string, number>>(versionsKey(kind))?.delete(id);
  removeStored(session.app, `${kind}_${id}`);
}

function parseSchema(record: ModuleRecord): ModuleRecord {
  // The common API answers a JSON column as text; the module route as an object.
  const schema = typeof record.schema === 'string' ? (JSON.parse(record.schema) as PageSchema) : record.schema;
  return { ...record, schema, update_at: Number(record.update_at) };
}

async function loadCached(kind: keyof typeof KINDS, id: string): Promise<ModuleRecord> {
  const versions = await currentVersions(kind).catch(() => new Map<string, number>());
  const cached = readStored<ModuleRecord>(session.app, `${kind}_${id}`);
  if (cached && versions.get(id) !== undefined && cached.update_at === versions.get(id)) return cached;
  const result = await request<ModuleRecord>(KINDS[kind].one(id, prefix()));
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  const record = parseSchema(result.data);
  writeStored(session.app, `${kind}_${id}`, record);
  KINDS[kind].remember(id, record.update_at);
  return record;
}

export const loadModule = (id: string) => loadCached('module', id);
export const loadDashboard = (id: string) => loadCached('dashboard', id);
