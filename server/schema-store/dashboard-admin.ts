/**
 * The dashboard list page's server side (issue 15 item 1, docs/dashboards.md "The dashboard list"):
 * the app's dashboards with title, widget count, the last version's author and time; create,
 * rename, duplicate, soft delete and restore, a one-step rollback, and a dashboard as a file
 * (export / import). Every schema write goes through the store (saveDashboard), so each is a
 * version with its author, and a save checks the schema against the meta-schema.
 */
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { insertAudit } from '../db/tables';
import { badRequest, notFound } from '../errors';
import { translate } from '../../protocol/messages/index';
import type { Lang } from '../../protocol/constants';
import { LATEST_SCHEMA_VERSION } from '../../runtime/core/migrate';
import { notifySchemaChanged } from './notify';
import { saveDashboard, type PageSaveResult } from './page-save';
import { readStoredSchema } from './prepare';
import { getVersion, listVersions, versionHistory, type VersionSummary } from './versions';

export interface DashboardListRow {
  id: string;
  title: string | null;
  widget_count: number;
  version: number;
  author_name: string | null;
  update_at: number;
  is_deleted: number;
}

export interface DashboardListQuery {
  title?: string;
  is_deleted?: number;
  current?: number;
  pageSize?: number;
}

/** The file a dashboard exports to and imports from. */
export interface DashboardFile {
  format: 'tessera-dashboard';
  formatVersion: 1;
  title: string | null;
  schema: unknown;
}

type Row = Record<string, unknown>;

/** The widgets of a page schema: the children of its dashboard nodes (anywhere in the body). */
export function widgetCount(schema: unknown): number {
  let count = 0;
  const visit = (node: unknown) => {
    if (!node || typeof node !== 'object') return;
    const n = node as { type?: unknown; children?: unknown; body?: unknown };
    if (n.type === 'dashboard' && Array.isArray(n.children)) count += n.children.length;
    else if (Array.isArray(n.children)) n.children.forEach(visit);
    if (Array.isArray(n.body)) n.body.forEach(visit);
  };
  visit(schema);
  return count;
}

function headQuery(ctx: ServerContext, appId: string) {
  return ctx.db.db
    .selectFrom(`${ctx.tables.dashboard} as d`)
    .leftJoin(`${ctx.tables.module_version} as v`, (join) =>
      join
        .onRef('v.module_id', '=', 'd.id')
        .onRef('v.version', '=', 'd.version')
        .on('v.kind', '=', 'dashboard')
        .on('v.is_deleted', '=', 0),
    )
    .leftJoin(`${ctx.tables.user} as u`, 'u.id', 'v.author')
    .where('d.app_id', '=', appId);
}

const LIST_COLUMNS = [
  'd.id',
  'd.title',
  'd.schema',
  'd.version',
  'd.update_at',
  'd.is_deleted',
  'v.created_at',
  'u.name as author_name',
  'u.account as author_account',
] as const;

function listRow(row: Row): DashboardListRow {
  return {
    id: String(row.id),
    title: (row.title as string | null) ?? null,
    widget_count: widgetCount(readStoredSchema(typeof row.schema === 'string' ? row.schema : null)),
    version: Number(row.version ?? 1),
    author_name: ((row.author_name ?? row.author_account) as string | null) ?? null,
    update_at: Number(row.created_at ?? row.update_at),
    is_deleted: Number(row.is_deleted) === 1 ? 1 : 0,
  };
}

export async function listDashboards(
  ctx: ServerContext,
  auth: RequestAuth,
  query: DashboardListQuery,
): Promise<{ list: DashboardListRow[]; total: number }> {
  let base = headQuery(ctx, auth.app.id).where('d.is_deleted', '=', query.is_deleted === 1 ? 1 : 0);
  if (query.title?.trim()) base = base.where('d.title', ctx.db.spec.likeOperator, `%${query.title.trim()}%`);
  const pageSize = query.pageSize ?? 10;
  const current = query.current ?? 1;
  const [rows, count] = await Promise.all([
    base
      .select([...LIST_COLUMNS])
      .orderBy('d.update_at', 'desc')
      .orderBy('d.id', 'asc')
      .limit(pageSize)
      .offset((current - 1) * pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst(),
  ]);
  return { list: rows.map(listRow), total: Number(count?.n ?? 0) };
}

export interface DashboardDetail extends DashboardListRow {
  versions: VersionSummary[];
}

export async function dashboardDetail(ctx: ServerContext, auth: RequestAuth, id: string): Promise<DashboardDetail> {
  const row = await headQuery(ctx, auth.app.id)
    .where('d.id', '=', id)
    .select([...LIST_COLUMNS])
    .executeTakeFirst();
  if (!row) throw notFound();
  const versions = await listVersions(ctx.db.db, ctx, auth.app.id, 'dashboard', id);
  return { ...listRow(row), versions: versionHistory(versions) };
}

/** A new dashboard's schema: an empty grid under its title (the designer fills it). */
export function emptyDashboardSchema(title: string): unknown {
  return {
    schemaVersion: LATEST_SCHEMA_VERSION,
    type: 'page',
    title: { zh: title, en: title },
    body: [{ type: 'dashboard', key: 'main', layouts: { lg: [] }, children: [] }],
  };
}

export function createDashboard(ctx: ServerContext, auth: RequestAuth, title: string): Promise<PageSaveResult> {
  return saveDashboard(ctx, auth, { title, schema: emptyDashboardSchema(title) });
}

async function liveHead(ctx: ServerContext, auth: RequestAuth, id: string) {
  const head = await ctx.db.db
    .selectFrom(ctx.tables.dashboard)
    .select(['id', 'title', 'schema', 'version'])
    .where('app_id', '=', auth.app.id)
    .where('id', '=', id)
    .where('is_deleted', '=', 0)
    .executeTakeFirst();
  if (!head) throw notFound();
  return { ...head, schema: readStoredSchema(head.schema as string | null) as Record<string, unknown> | null };
}

/** A schema with its title set in the language it was typed in (the other language kept). */
function retitled(schema: Record<string, unknown> | null, title: string, lang: Lang): unknown {
  const base = schema ?? (emptyDashboardSchema(title) as Record<string, unknown>);
  const old = base.title;
  const next = old && typeof old === 'object' ? { ...(old as object), [lang]: title } : { zh: title, en: title };
  return { ...base, title: next };
}

/** Rename: the head's title and the schema's title (what the page shows), as a new version. */
export async function renameDashboard(ctx: ServerContext, auth: RequestAuth, id: string, title: string, lang: Lang) {
  const head = await liveHead(ctx, auth, id);
  return saveDashboard(ctx, auth, {
    id,
    title,
    schema: retitled(head.schema, title, lang),
    baseVersion: Number(head.version),
  });
}

/** A copy under "<title> 副本" / "<title> copy": a new dashboard with version 1. */
export async function duplicateDashboard(ctx: ServerContext, auth: RequestAuth, id: string, lang: Lang) {
  const head = await liveHead(ctx, auth, id);
  const title = translate(lang, 'dashboardAdmin.copyOf', { title: head.title ?? '' }).slice(0, 255);
  return saveDashboard(ctx, auth, { title, schema: retitled(head.schema, title, lang) });
}

export async function setDashboardsDeleted(
  ctx: ServerContext,
  auth: RequestAuth,
  ids: readonly string[],
  deleted: boolean,
): Promise<{ count: number }> {
  const appId = auth.app.id;
  const rows = await ctx.db.db
    .selectFrom(ctx.tables.dashboard)
    .select(['id', 'version'])
    .where('app_id', '=', appId)
    .where('id', 'in', [...ids])
    .where('is_deleted', '=', deleted ? 0 : 1)
    .execute();
  if (!rows.length) return { count: 0 };
  const { update_by, update_at } = insertAudit(auth.user.id, ctx.now());
  await ctx.db.db
    .updateTable(ctx.tables.dashboard)
    .set({ is_deleted: deleted ? 1 : 0, update_by, update_at })
    .where('app_id', '=', appId)
    .where(
      'id',
      'in',
      rows.map((r) => String(r.id)),
    )
    .where('is_deleted', '=', deleted ? 0 : 1)
    .execute();
  for (const row of rows)
    await notifySchemaChanged(ctx, {
      appId,
      kind: 'dashboard',
      id: String(row.id),
      version: Number(row.version),
      hash: '',
    });
  return { count: rows.length };
}

export async function rollbackDashboardOneStep(ctx: ServerContext, auth: RequestAuth, id: string) {
  const head = await liveHead(ctx, auth, id);
  const current = Number(head.version ?? 1);
  const previous =
    current > 1 ? await getVersion(ctx.db.db, ctx, auth.app.id, 'dashboard', id, String(current - 1)) : undefined;
  if (!previous) throw badRequest('dashboardAdmin.noEarlierVersion', { title: head.title ?? '' });
  return saveDashboard(ctx, auth, { id, schema: previous.schema, rollbackOf: previous.id, baseVersion: current });
}

export async function exportDashboard(ctx: ServerContext, auth: RequestAuth, id: string): Promise<DashboardFile> {
  const head = await liveHead(ctx, auth, id);
  return {
    format: 'tessera-dashboard',
    formatVersion: 1,
    title: (head.title as string | null) ?? null,
    schema: head.schema,
  };
}

/** A dashboard file as a new dashboard of this app (its schema checked by the store like any save). */
export async function importDashboard(ctx: ServerContext, auth: RequestAuth, file: Record<string, unknown>) {
  if (
    file.format !== 'tessera-dashboard' ||
    file.formatVersion !== 1 ||
    !file.schema ||
    typeof file.schema !== 'object'
  )
    throw badRequest('dashboardAdmin.badFile');
  const title = typeof file.title === 'string' && file.title.trim() ? file.title.trim().slice(0, 255) : undefined;
  return saveDashboard(ctx, auth, { title, schema: file.schema, provenance: 'import' });
}
