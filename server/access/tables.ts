/**
 * The guard of the common API (called by server/common/access.ts resolveTarget): asks can() about
 * the addressed table — with the record id and body keys of a system-table write — and answers the
 * row ids the caller may see, or refuses with P4003 / P4016.
 */
import type { FastifyRequest } from 'fastify';
import type { RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import type { TableInfo } from '../modules/table-info';
import { appUpdateBody } from '../platform/app-edit';
import { can, type Resource, type Verb } from './can';
import { grantsOf } from './grants';
import { refuse } from './hook';

const VERBS: Record<string, Verb> = { POST: 'create', PUT: 'update', DELETE: 'delete' };

export async function authorizeTable(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: RequestAuth,
  table: TableInfo,
  mode: 'read' | 'write',
): Promise<{ rows?: readonly string[] }> {
  const grants = await grantsOf(ctx, request, auth);
  let resource: Resource;
  if (table.kind === 'module') resource = { type: 'moduleTable', table: table.name };
  else {
    const id = (request.params as { id?: unknown }).id;
    const body = request.body;
    // Keys the common API ignores anyway (id, audit fields...) do not count as changes.
    const fields =
      typeof body === 'object' && body !== null && !Array.isArray(body)
        ? Object.keys(body).filter((key) => !table.ignoredKeys.has(key))
        : undefined;
    const verb = VERBS[request.method];
    resource = {
      type: 'systemTable',
      table: table.name.slice(ctx.config.tablePrefix.length),
      ...(verb ? { verb } : {}),
      ...(typeof id === 'string' ? { id } : {}),
      ...(fields ? { fields } : {}),
    };
  }
  const decision = can(grants, mode, resource);
  refuse(decision);
  if (resource.type === 'systemTable' && resource.table === 'app') return appTable(request, auth, resource.id);
  return decision.allowed && decision.rows ? { rows: decision.rows } : {};
}

/**
 * The app table (an admin of the app, can() said yes): only the session's own app row is visible,
 * another app's id is not found, and an update body is checked and normalised before the common
 * API converts it (server/platform/app-edit.ts).
 */
function appTable(request: FastifyRequest, auth: RequestAuth, id: string | undefined): { rows: readonly string[] } {
  if (id !== undefined && id !== auth.app.id) throw notFound();
  if (request.method === 'PUT' && id !== undefined)
    request.body = appUpdateBody(auth.app, id, request.body, request.ip);
  return { rows: [auth.app.id] };
}
