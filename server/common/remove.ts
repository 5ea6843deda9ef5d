/** DELETE common/:table/:id: soft delete (is_deleted = 1) of a record of the caller's app. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { recordParams } from '../http/shapes';
import { ok } from '../reply';
import { idParam, resolveTarget } from './access';
import { softDelete } from './remove-many';

export function registerRemove(app: FastifyInstance, ctx: ServerContext): void {
  app.delete('/api/common/:table/:id', { schema: { params: recordParams } }, async (request) => {
    const target = await resolveTarget(ctx, request, 'write');
    await softDelete(ctx, request, target, [idParam(request)]);
    return ok(request, null);
  });
}
