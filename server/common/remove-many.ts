/**
 * DELETE common/:table with { ids: [...] } (or a bare array): all or nothing. If any id is not a
 * live record of the caller's app, the transaction rolls back and the answer is P4004.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_PAGE_SIZE } from '../../protocol/constants';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { assertWritableInFlow } from '../flows/lock';
import { ERROR_KEY } from '../http/validation';
import { recordId, strictObject, tableParams } from '../http/shapes';
import { ok } from '../reply';
import { audit, resolveTarget, type Target } from './access';
import { withDataErrors } from './db-errors';
import { checkDictDelete, dictCodesOf, isDictTable, publishDictChanged } from './dict/rules';
import { scopeWhere } from './query/build';
import { decodeRow, type Row } from './values';

const ID_LIST = {
  type: 'array',
  title: 'ids',
  minItems: 1,
  maxItems: MAX_PAGE_SIZE,
  items: recordId,
  [ERROR_KEY]: 'server.invalidIds',
  description: 'Ids of live records of the table (all or nothing)',
} as const;

/** { ids: [...] } or the bare array (building-blocks §7 allows both). */
const REMOVE_MANY = {
  params: tableParams,
  body: {
    description: 'The records to delete',
    if: { type: 'array' },
    then: ID_LIST,
    else: strictObject({ ids: ID_LIST }, 'The records to delete'),
  },
};

function idsOf(body: string[] | { ids: string[] }): string[] {
  return [...new Set(Array.isArray(body) ? body : body.ids)];
}

export async function softDelete(
  ctx: ServerContext,
  request: FastifyRequest,
  target: Target,
  ids: string[],
): Promise<void> {
  const dict = isDictTable(ctx, target.table.physical);
  // Before the transaction: counting uses resolves module tables through the registry, which reads
  // outside it (SQLite has one connection, held by an open transaction).
  if (dict) await checkDictDelete(ctx, ctx.db.db, target, ids);
  const codes = dict ? await dictCodesOf(ctx, ctx.db.db, target, ids) : [];
  await withDataErrors(ctx.db, target.table, () =>
    ctx.db.db.transaction().execute(async (trx) => {
      // A record in approval is not deleted (server/flows).
      await assertWritableInFlow(
        trx,
        ctx.config.tablePrefix,
        target.scope.appId,
        target.table,
        ids,
        target.auth.user.id,
        'delete',
      );
      // The rows as they were, for the operation log (read in the transaction that deletes them).
      const before = await trx
        .selectFrom(target.table.physical)
        .select([...target.table.columns.keys()])
        .where((eb) => eb.and([...scopeWhere(eb, target.scope), eb('id', 'in', ids)]))
        .execute();
      const result = await trx
        .updateTable(target.table.physical)
        .set({ is_deleted: 1, update_by: target.auth.user.id, update_at: ctx.now() })
        .where((eb) => eb.and([...scopeWhere(eb, target.scope), eb('id', 'in', ids)]))
        .executeTakeFirst();
      // Throwing rolls the whole batch back: no partial delete.
      if (Number(result.numUpdatedRows) !== ids.length) throw notFound();
      await audit(
        ctx,
        trx,
        request,
        target,
        'delete',
        before.map((row) => ({ id: String(row.id), before: decodeRow(target.table, row as Row) })),
      );
    }),
  );
  if (codes.length) await publishDictChanged(ctx, target.scope.appId, codes);
}

export function registerRemoveMany(app: FastifyInstance, ctx: ServerContext): void {
  app.delete('/api/common/:table', { schema: REMOVE_MANY }, async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    const ids = idsOf(request.body as string[] | { ids: string[] });
    await softDelete(ctx, request, target, ids);
    return ok(request, { deleted: ids.length });
  });
}
