/**
 * POST common/:table: a new record. id, app_id and the audit fields are the server's; a body key
 * that is not a writable field of the table is refused (values.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { recordBody, tableParams } from '../http/shapes';
import { ok } from '../reply';
import { audit, readRow, resolveTarget } from './access';
import { withAutoNumbers } from './auto-number';
import { withDataErrors } from './db-errors';
import { checkDictWrite, dictCodesOf, isDictTable, publishDictChanged } from './dict/rules';
import { checkImportTemplateWrite } from './import/template-rules';
import { storedFacts } from './declared-limit';
import { sanitizeRichColumns } from './rich-text';
import { takeInitialPassword } from './user-password';
import { assertRequiredWhen } from './required-when';
import { decodeRow, writableValues } from './values';

export function registerCreate(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/common/:table', { schema: { params: tableParams, body: recordBody } }, async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    // A new user gets an initial password (typed or generated) and must change it at first sign-in.
    // Under the app's password policy (docs/settings.md).
    const initial =
      target.table.physical === ctx.tables.user
        ? await takeInitialPassword(request.body, await ctx.settings.get(target.scope.appId))
        : undefined;
    const body = initial ? initial.body : request.body;
    const { richColumns } = await storedFacts(ctx, target.scope.appId, target.table);
    const values = sanitizeRichColumns(
      writableValues(target.table, await withAutoNumbers(ctx, target, body), 'create'),
      richColumns,
    );
    assertRequiredWhen(target.table, decodeRow(target.table, values));
    await checkImportTemplateWrite(ctx, target, undefined, values);
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
          await checkDictWrite(ctx, trx, target, undefined, values);
          await trx.insertInto(target.table.physical).values(row).execute();
          await audit(ctx, trx, request, target, 'create', [{ id, after: decodeRow(target.table, { ...values, id }) }]);
        }),
      values,
    );
    if (isDictTable(ctx, target.table.physical))
      await publishDictChanged(ctx, target.scope.appId, await dictCodesOf(ctx, ctx.db.db, target, [id]));
    const created = await readRow(ctx.db.db, target, id);
    // The generated password is in this one answer only; it is never stored in clear or logged.
    return ok(request, initial?.generated ? { ...created, initialPassword: initial.generated } : created);
  });
}
