/** GET common/:table/:id → the record of the caller's app, or P4004. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { notFound } from '../errors';
import { recordParams } from '../http/shapes';
import { ok } from '../reply';
import { idParam, readRow, resolveTarget } from './access';
import { withDataErrors } from './db-errors';

export function registerGet(app: FastifyInstance, ctx: ServerContext): void {
  app.get('/api/common/:table/:id', { schema: { params: recordParams } }, async (request) => {
    const target = await resolveTarget(ctx, request, 'read');
    const id = idParam(request);
    const row = await withDataErrors(ctx.db, target.table, () => readRow(ctx.db.db, target, id));
    if (!row) throw notFound();
    return ok(request, row);
  });
}
