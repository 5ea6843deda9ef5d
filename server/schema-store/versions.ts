/**
 * Versions of stored schemas (module_version holds every kind: `module_id` is the head's id):
 * numbered from 1, each with author, time, provenance and the sha256 of its canonical JSON.
 */
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';

export type Provenance = 'file' | 'designer' | 'ai' | 'import' | 'rollback';
export type SchemaKind = 'module' | 'dashboard' | 'page';

export const MAX_VERSIONS_LISTED = 100;

export interface VersionRow {
  id: string;
  version: number;
  author: string | null;
  author_name: string | null;
  created_at: number;
  provenance: Provenance;
  hash: string | null;
  ai_generated: boolean;
  diff: unknown;
  schema?: unknown;
  model?: string | null;
}

function parseJson(text: unknown): unknown {
  if (typeof text !== 'string') return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function versionQuery(db: Kysely<any>, ctx: ServerContext, appId: string, kind: SchemaKind, headId: string) {
  return db
    .selectFrom(`${ctx.tables.module_version} as v`)
    .leftJoin(`${ctx.tables.user} as u`, 'u.id', 'v.author')
    .select([
      'v.id',
      'v.version',
      'v.author',
      'u.name as author_name',
      'u.account as author_account',
      'v.created_at',
      'v.provenance',
      'v.hash',
      'v.ai_generated',
      'v.diff',
      'v.schema',
      'v.model',
    ])
    .where('v.app_id', '=', appId)
    .where('v.module_id', '=', headId)
    .where('v.kind', '=', kind)
    .where('v.is_deleted', '=', 0);
}

function shape(row: Record<string, unknown>, withSchema: boolean): VersionRow {
  return {
    id: String(row.id),
    // Versions seeded before numbering (new apps from templates) are the first one.
    version: Number(row.version ?? 1),
    author: (row.author as string | null) ?? null,
    author_name: ((row.author_name ?? row.author_account) as string | null) ?? null,
    created_at: Number(row.created_at),
    provenance: ((row.provenance as Provenance | null) ?? 'file') as Provenance,
    hash: (row.hash as string | null) ?? null,
    ai_generated: Number(row.ai_generated) === 1,
    diff: parseJson(row.diff),
    ...(withSchema ? { schema: parseJson(row.schema), model: (row.model as string | null) ?? null } : {}),
  };
}

/** One row of a head's history modal (module and dashboard pages): no schema, the time as text. */
export type VersionSummary = Pick<VersionRow, 'id' | 'version' | 'author_name' | 'created_at' | 'provenance'> & {
  time: string;
};

export function versionHistory(versions: VersionRow[]): VersionSummary[] {
  return versions.map(({ id, version, author_name, created_at, provenance }) => ({
    id,
    version,
    author_name,
    created_at,
    // For the history table, which shows text: UTC, said so (created_at keeps the instant).
    time: `${new Date(created_at).toISOString().slice(0, 19).replace('T', ' ')} UTC`,
    provenance,
  }));
}

export async function listVersions(
  db: Kysely<any>,
  ctx: ServerContext,
  appId: string,
  kind: SchemaKind,
  headId: string,
  withSchema = false,
): Promise<VersionRow[]> {
  const rows = await versionQuery(db, ctx, appId, kind, headId)
    .orderBy('v.created_at', 'desc')
    .orderBy('v.id', 'desc')
    .limit(MAX_VERSIONS_LISTED)
    .execute();
  return rows.map((row) => shape(row, withSchema)).sort((a, b) => b.version - a.version || b.created_at - a.created_at);
}

/** One version by its id or its number. */
export async function getVersion(
  db: Kysely<any>,
  ctx: ServerContext,
  appId: string,
  kind: SchemaKind,
  headId: string,
  ref: string,
): Promise<VersionRow | undefined> {
  let query = versionQuery(db, ctx, appId, kind, headId);
  query = /^\d{1,9}$/.test(ref) ? query.where('v.version', '=', Number(ref)) : query.where('v.id', '=', ref);
  const row = await query.executeTakeFirst();
  if (row) return shape(row, true);
  // A seeded first version has no number yet: version 1 is the oldest row.
  if (ref !== '1') return undefined;
  const oldest = await versionQuery(db, ctx, appId, kind, headId)
    .orderBy('v.created_at', 'asc')
    .orderBy('v.id', 'asc')
    .executeTakeFirst();
  return oldest && oldest.version === null ? shape(oldest, true) : undefined;
}

/** The stored model (JSON text) of the head's current version, if it has one. Only that column is read. */
export async function headModel(
  db: Kysely<any>,
  ctx: ServerContext,
  appId: string,
  kind: SchemaKind,
  headId: string,
  version: number,
): Promise<string | undefined> {
  const row = await db
    .selectFrom(ctx.tables.module_version)
    .select('model')
    .where('app_id', '=', appId)
    .where('module_id', '=', headId)
    .where('kind', '=', kind)
    .where('version', '=', version)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  return (row?.model as string | null | undefined) ?? undefined;
}

/** CONFLICT naming who saved the head's current version and when. */
export async function conflictError(
  db: Kysely<any>,
  ctx: ServerContext,
  appId: string,
  kind: SchemaKind,
  headId: string,
): Promise<ApiError> {
  const [latest] = await listVersions(db, ctx, appId, kind, headId);
  const time = latest ? new Date(latest.created_at).toISOString() : '';
  const error = new ApiError(ResultCode.CONFLICT, 'data.schema.conflict', {
    author: latest?.author_name ?? latest?.author ?? '-',
    time,
    version: latest?.version ?? 0,
  });
  error.data = {
    version: latest?.version ?? null,
    author: latest?.author ?? null,
    authorName: latest?.author_name ?? null,
    at: latest?.created_at ?? null,
  };
  return error;
}
