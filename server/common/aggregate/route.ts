/**
 * POST common/:table/aggregate: grouped measures over the rows the caller could list (issue 15,
 * docs/dashboards.md "Aggregate queries"). The table is resolved and guarded as for a list
 * (resolveTarget: registry, menu guard, declared data limit), joins go through the same
 * JoinTables, the scope is the list's (queryScope), and the statement runs under the time limit
 * (run.ts), shared with widgets asking for the same groups of the same rows meanwhile (shared.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AGGREGATE_GROUP_CAP } from '../../../protocol/aggregate-query';
import type { ServerContext } from '../../context';
import { tableParams } from '../../http/shapes';
import type { TableInfo } from '../../modules/table-info';
import { ok } from '../../reply';
import { resolveTarget } from '../access';
import { storedFacts } from '../declared-limit';
import { JoinTables } from '../join-tables';
import { listContextOf, queryScope } from '../list';
import { AGGREGATE_BODY } from './body-schema';
import { compileAggregate } from './build';
import { decodeAggregate } from './decode';
import { parseAggregate } from './parse';
import { aggregateRunner } from './run';
import { SharedAggregates } from './shared';
import { serverTimeZone } from './time-zone';

export function registerAggregate(app: FastifyInstance, ctx: ServerContext): void {
  const run = aggregateRunner(app, ctx);
  // Widgets asking for the same groups of the same rows while a statement waits share it.
  const shared = new SharedAggregates();

  app.post(
    '/api/common/:table/aggregate',
    { schema: { params: tableParams, body: AGGREGATE_BODY } },
    async (request: FastifyRequest) => {
      const target = await resolveTarget(ctx, request, 'read');
      const appId = target.auth.app.id;
      const joins = new JoinTables(ctx, request, target.auth);
      const fieldsOf = async (table: TableInfo) => (await storedFacts(ctx, appId, table)).fields;
      // The app's zone is the server's until apps carry one (docs/dashboards.md "Time zone").
      const query = await parseAggregate(
        request.body,
        target.table,
        (name) => joins.resolve(name),
        fieldsOf,
        serverTimeZone(),
      );
      const scope = await queryScope(ctx, target, query.list.dataLimit);
      // Without a top-N the cap applies, and what lies beyond it is summed into "others".
      const withOthers = query.others || !query.explicitLimit;
      const listContext = listContextOf(ctx, joins);
      const compile = (asked: typeof query) =>
        compileAggregate(listContext, ctx.db.spec.aggregate, target.table, scope, asked, withOthers);
      const rows = await shared.run(query, compile, (statement, shape) =>
        run(statement, query.limit + 1, target.table, shape),
      );
      const result = await decodeAggregate(ctx, appId, query, rows, fieldsOf);
      result.capped = !query.explicitLimit && result.groups > AGGREGATE_GROUP_CAP;
      if (!withOthers || !(query.others || result.capped)) result.others = null;
      return ok(request, result);
    },
  );
}
