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
import { takeInitialPassword } from './user-password';
import { writableValues } from './values';

export function registerCreate(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/common/:table', async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    // A new user gets an initial password (typed or generated) and must change it at first sign-in.
    const initial = target.table.physical === ctx.tables.user ? await takeInitialPassword(request.body) : undefined;
    const body = initial ? initial.body : request.body;
    const { richColumns } = await storedFacts(ctx, target.scope.appId, target.table);
    const values = sanitizeRichColumns(
      writableValues(target.table, await withAutoNumbers(ctx, target, body), 'create'),
      richColumns,
    );
    const id = newId();
    const row = {
      ...values,
      ...initial?.columns,
      id,
      app_id: target.scope.appId,
      ...insertAudit(target.auth.user.id, ctx.now()),
    };
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
    const created = await readRow(ctx.db.db, target, id);
    // The generated password is in this one answer only; it is never stored in clear or logged.
    return ok(request, initial?.generated ? { ...created, initialPassword: initial.generated } : created);
  });
}
