/**
 * POST common/:table: a new record. id, app_id and the audit fields are the server's; a body key
 * that is not a writable field of the table is refused (values.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { ok } from '../reply';
import { audit, readRow, resolveTarget } from './access';
import { withAutoNumbers } from './auto-number';
import { withDataErrors } from './db-errors';
import { storedFacts } from './declared-limit';
import { sanitizeRichColumns } from './rich-text';
import { writableValues } from './values';

export function registerCreate(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/common/:table', async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    const { richColumns } = await storedFacts(ctx, target.scope.appId, target.table);
    const values = sanitizeRichColumns(
      writableValues(target.table, await withAutoNumbers(ctx, target, request.body), 'create'),
      richColumns,
    );
    const id = newId();
    const row = { ...values, id, app_id: target.scope.appId, ...insertAudit(target.auth.user.id, ctx.now()) };
    await withDataErrors(
      ctx.db,
      target.table,
      () =>
        ctx.db.db.transaction().execute(async (trx) => {
          await trx.insertInto(target.table.physical).values(row).execute();
          await audit(ctx, trx, request, target, 'create', [id]);
        }),
      values,
    );
    return ok(request, await readRow(ctx.db.db, target, id));
  });
}
