/** PUT common/:table/:id: changes the given fields of a record of the caller's app. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { recordBody, recordParams } from '../http/shapes';
import { assertWritableInFlow } from '../flows/lock';
import { ok } from '../reply';
import { audit, idParam, readRow, resolveTarget } from './access';
import { assertNoParentLoop } from './parent-loop';
import { withDataErrors } from './db-errors';
import { checkDictWrite, dictCodesOf, isDictTable, publishDictChanged } from './dict/rules';
import { checkImportTemplateWrite } from './import/template-rules';
import { storedFacts } from './declared-limit';
import { sanitizeRichColumns } from './rich-text';
import { scopeWhere } from './query/build';
import { assertRequiredWhen } from './required-when';
import { decodeRow, writableValues, type Row } from './values';

export function registerUpdate(app: FastifyInstance, ctx: ServerContext): void {
  app.put('/api/common/:table/:id', { schema: { params: recordParams, body: recordBody } }, async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    const id = idParam(request);
    const { richColumns } = await storedFacts(ctx, target.scope.appId, target.table);
    const values = sanitizeRichColumns(writableValues(target.table, request.body, 'update'), richColumns);
    await checkImportTemplateWrite(ctx, target, id, values);
    const codes: string[] = [];
    const inScope = (eb: Parameters<typeof scopeWhere>[0]) =>
      eb.and([...scopeWhere(eb, target.scope), eb('id', '=', id)]);
    await withDataErrors(
      ctx.db,
      target.table,
      () =>
        ctx.db.db.transaction().execute(async (trx) => {
          // Checked by a read, not by the update count: MySQL may count only rows that changed.
          const exists = await trx
            .selectFrom(target.table.physical)
            .select([...target.table.columns.keys()])
            .where(inScope)
            .executeTakeFirst();
          if (!exists) throw notFound();
          const before = decodeRow(target.table, exists as Row);
          // "Required when" / "hidden when" read the record as it will be: stored, with the body over it.
          assertRequiredWhen(target.table, { ...before, ...decodeRow(target.table, values) });
          // A record in approval: only the current step's approver, only the step's fields (server/flows).
          const decoded = decodeRow(target.table, values);
          const changed = Object.keys(values).filter(
            (key) => JSON.stringify(decoded[key] ?? null) !== JSON.stringify(before[key] ?? null),
          );
          await assertWritableInFlow(
            trx,
            ctx.config.tablePrefix,
            target.scope.appId,
            target.table,
            [id],
            target.auth.user.id,
            changed,
          );
          // System tables nested by parent_id, whose readers need a tree without loops.
          const tree = [ctx.tables.dict, ctx.tables.dept, ctx.tables.menu].includes(target.table.physical);
          if (tree && 'parent_id' in values)
            await assertNoParentLoop(trx, target.table.physical, target.scope.appId, id, values.parent_id);
          await checkDictWrite(ctx, trx, target, id, values);
          // The codes before the change too: an item moved to another dictionary leaves the old one stale.
          if (isDictTable(ctx, target.table.physical))
            codes.push(...(await dictCodesOf(ctx, trx, target, [id], values)));
          await trx
            .updateTable(target.table.physical)
            .set({ ...values, update_by: target.auth.user.id, update_at: ctx.now() })
            .where(inScope)
            .execute();
          await audit(ctx, trx, request, target, 'update', [
            { id, before, after: { ...before, ...decodeRow(target.table, values) } },
          ]);
        }),
      values,
    );
    if (codes.length) await publishDictChanged(ctx, target.scope.appId, [...new Set(codes)]);
    // The app row is cached per process (server/platform/apps.ts): the change shows at once here.
    if (target.table.physical === ctx.tables.app) ctx.apps.invalidate(id);
    return ok(request, await readRow(ctx.db.db, target, id));
  });
}
