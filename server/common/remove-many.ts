/**
 * DELETE common/:table with { ids: [...] } (or a bare array): all or nothing. If any id is not a
 * live record of the caller's app, the transaction rolls back and the answer is P4004.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PAGE_SIZE } from '../../protocol/constants';
import type { ServerContext } from '../context';
import { badRequest, notFound } from '../errors';
import { ok } from '../reply';
import { audit, ID_PATTERN, resolveTarget, type Target } from './access';
import { withDataErrors } from './db-errors';
import { scopeWhere } from './query/build';
import { isPlainObject } from './values';

function idsOf(body: unknown): string[] {
  const list = Array.isArray(body) ? body : isPlainObject(body) ? body.ids : undefined;
  if (!Array.isArray(list) || list.length === 0) throw badRequest('server.invalidIds');
  if (list.length > MAX_PAGE_SIZE) throw badRequest('server.tooMany', { key: 'ids', max: MAX_PAGE_SIZE });
  if (!list.every((id) => typeof id === 'string' && ID_PATTERN.test(id)))
    throw badRequest('server.invalidValue', { key: 'ids' });
  return [...new Set(list as string[])];
}

export async function softDelete(
  ctx: ServerContext,
  request: FastifyRequest,
  target: Target,
  ids: string[],
): Promise<void> {
  await withDataErrors(ctx.db, target.table, () =>
    ctx.db.db.transaction().execute(async (trx) => {
      const result = await trx
        .updateTable(target.table.physical)
        .set({ is_deleted: 1, update_by: target.auth.user.id, update_at: ctx.now() })
        .where((eb) => eb.and([...scopeWhere(eb, target.scope), eb('id', 'in', ids)]))
        .executeTakeFirst();
      // Throwing rolls the whole batch back: no partial delete.
      if (Number(result.numUpdatedRows) !== ids.length) throw notFound();
      await audit(ctx, trx, request, target, 'delete', ids);
    }),
  );
}

export function registerRemoveMany(app: FastifyInstance, ctx: ServerContext): void {
  app.delete('/api/common/:table', async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    const ids = idsOf(request.body);
    await softDelete(ctx, request, target, ids);
    return ok(request, { deleted: ids.length });
  });
}
