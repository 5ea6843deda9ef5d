/**
 * Module page schemas are cached per app with the update_at they were fetched at; a schema is
 * fetched again only when the server's update_at for it changed (spec platform-shell §3).
 */
import { isSuccess } from '../../protocol/codes';
import { DEFAULT_TABLE_PREFIX } from '../../protocol/constants';
import type { PageSchema } from '../../protocol/page-schema';
import { request } from '../api/client';
import { readStored, writeStored } from './storage';
import { session, setModuleVersion } from './store';
import { ShellError } from './actions';

export interface ModuleRecord {
  id: string;
  title: string;
  table_name?: string;
  schema: PageSchema;
  update_at: number;
}

let serverVersions: { app: string; versions: Map<string, number> } | undefined;

async function currentVersions(): Promise<Map<string, number>> {
  if (serverVersions?.app === session.app) return serverVersions.versions;
  const prefix = session.appInfo?.table_prefix ?? DEFAULT_TABLE_PREFIX;
  const result = await request<{ list: { id: string; update_at: number }[] }>({
    method: 'POST',
    url: `common/${prefix}module/list`,
    body: { showFields: ['id', 'update_at'], querys: [{ key: 'is_deleted', value: 0, rule: 'EQUAL' }], isPage: false },
  });
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  const versions = new Map(result.data.list.map((row) => [String(row.id), Number(row.update_at)]));
  serverVersions = { app: session.app, versions };
  return versions;
}

/** Forgets what the server said, e.g. after the designer saved a module. */
export function invalidateModuleVersions(): void {
  serverVersions = undefined;
}

export async function loadModule(id: string): Promise<ModuleRecord> {
  const versions = await currentVersions().catch(() => new Map<string, number>());
  const cached = readStored<ModuleRecord>(session.app, `module_${id}`);
  if (cached && versions.get(id) !== undefined && cached.update_at === versions.get(id)) return cached;
  const result = await request<ModuleRecord>({ method: 'GET', url: `module/${encodeURIComponent(id)}` });
  if (!isSuccess(result.code)) throw new ShellError(result.message, String(result.code));
  writeStored(session.app, `module_${id}`, result.data);
  setModuleVersion(id, Number(result.data.update_at));
  return result.data;
}
