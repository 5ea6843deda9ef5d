/** POST common/:table/list: the list-query contract (building-blocks §7), see query/. */
import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { ok } from '../reply';
import { resolveTarget } from './access';
import { withDataErrors } from './db-errors';
import { runListQuery } from './query/build';
import { parseListQuery } from './query/parse';
import { decodeRow } from './values';

export function registerList(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/common/:table/list', async (request) => {
    const target = await resolveTarget(ctx, request, 'read');
    const query = parseListQuery(request.body, target.table);
    const { list, total } = await withDataErrors(ctx.db, target.table, () =>
      runListQuery(ctx.db.db, ctx.db.spec.likeOperator, target.table, target.scope, query),
    );
    return ok(request, { list: list.map((row) => decodeRow(target.table, row)), total });
  });
}
