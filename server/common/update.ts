/** PUT common/:table/:id: changes the given fields of a record of the caller's app. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { ok } from '../reply';
import { audit, idParam, readRow, resolveTarget } from './access';
import { withDataErrors } from './db-errors';
import { storedFacts } from './declared-limit';
import { sanitizeRichColumns } from './rich-text';
import { scopeWhere } from './query/build';
import { writableValues } from './values';

export function registerUpdate(app: FastifyInstance, ctx: ServerContext): void {
  app.put('/api/common/:table/:id', async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    const id = idParam(request);
    const { richColumns } = await storedFacts(ctx, target.scope.appId, target.table);
    const values = sanitizeRichColumns(writableValues(target.table, request.body, 'update'), richColumns);
    const inScope = (eb: Parameters<typeof scopeWhere>[0]) =>
      eb.and([...scopeWhere(eb, target.scope), eb('id', '=', id)]);
    await withDataErrors(
      ctx.db,
      target.table,
      () =>
        ctx.db.db.transaction().execute(async (trx) => {
          // Checked by a read, not by the update count: MySQL may count only rows that changed.
          const exists = await trx.selectFrom(target.table.physical).select('id').where(inScope).executeTakeFirst();
          if (!exists) throw notFound();
          await trx
            .updateTable(target.table.physical)
            .set({ ...values, update_by: target.auth.user.id, update_at: ctx.now() })
            .where(inScope)
            .execute();
          await audit(ctx, trx, request, target, 'update', [id]);
        }),
      values,
    );
    // The app row is cached per process (server/platform/apps.ts): the change shows at once here.
    if (target.table.physical === ctx.tables.app) ctx.apps.invalidate(id);
    return ok(request, await readRow(ctx.db.db, target, id));
  });
}
