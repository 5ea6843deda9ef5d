/**
 * Approval flows and to-dos (issue 17, docs/workflow.md); the app and the actor always from the
 * session.
 *   GET/POST /api/flows/defs, GET/PUT/DELETE /api/flows/defs/:id   admins: flow definitions
 *   POST /api/flows/start                                          submit a record (menu access to it)
 *   POST /api/flows/{approve,reject,return,transfer}               act on one's own pending to-do
 *   POST /api/flows/withdraw                                       the starter takes it back
 *   POST /api/flows/comment                                        a note on the timeline
 *   GET  /api/flows/timeline?module&recordId                       the record's approvals
 *   GET  /api/flows/todos?status=pending|done                      the caller's to-dos
 * Every transition is one transaction; the users whose to-dos changed are told on the bus
 * (`todo.changed`) after it commits, so every tab on every instance updates its bell.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { textOf } from '../../protocol/page-schema';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import { readRow, resolveNamedTarget } from '../common/access';
import type { ServerContext } from '../context';
import { flowTables } from '../db/migrations/0025-flows';
import { ApiError, badRequest, forbidden } from '../errors';
import type { TableInfo } from '../modules/table-info';
import { recordOperation } from '../logs/record';
import { langOf, ok } from '../reply';
import { FLOW_BODY, type FlowInput } from './definition';
import { FlowDefs } from './defs';
import { FlowEngine, type Actor, type RecordAudit } from './engine';
import { InstanceRows, type InstanceRow } from './instances';
import { noticeRejected } from './notices';
import * as S from './shapes';
import { TodoRows, type Touched } from './todos';
import { FlowViews, type TodoQuery } from './views';

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}
const actorOf = (auth: RequestAuth): Actor => ({ appId: auth.app.id, userId: auth.user.id, isAdmin: auth.isAdmin });

export function registerFlowRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const prefix = ctx.config.tablePrefix;
  const t = flowTables(prefix);
  const db = () => ctx.db.db;
  const defs = new FlowDefs(ctx.db.db, prefix, ctx.tables, ctx.now);
  const rows = new InstanceRows(prefix, ctx.now);
  const todos = new TodoRows(t.todo, ctx.now);
  const engine = new FlowEngine(rows, todos, { user: ctx.tables.user, dept: ctx.tables.dept }, ctx.now);
  const views = new FlowViews(ctx.db.db, prefix, ctx.tables.user, ctx.db.spec.likeOperator);

  /** A module table of the caller's app (resolved before any transaction: the registry reads outside it). */
  async function moduleTable(auth: RequestAuth, name: string): Promise<TableInfo> {
    const table = await ctx.registry.resolve(auth.app, name);
    if (!table || table.kind !== 'module') throw badRequest('flows.moduleMissing', { module: name });
    return table;
  }

  /**
   * Runs a transition and, once committed, tells every user whose to-dos changed (and runs what
   * the transition left for after the commit: the rejection message's live event).
   */
  async function transition(
    run: (trx: Kysely<any>) => Promise<{ instance: InstanceRow; touched: Touched; after?: () => Promise<void> }>,
  ): Promise<InstanceRow> {
    const { instance, touched, after } = await ctx.db.db.transaction().execute(run);
    try {
      for (const userId of touched) await ctx.bus.publish({ type: 'todo.changed', appId: instance.app_id, userId });
      await after?.();
    } catch (error) {
      // A bus outage never undoes a committed transition; the bell's poll catches up.
      app.log.warn({ err: error }, 'flow events not published');
    }
    return instance;
  }

  /**
   * A to-do's approval and module table, read before the transaction: the registry reads outside
   * it, and the transition locks the approval's row first.
   */
  async function todoRef(auth: RequestAuth, todoId: string) {
    const ref = await rows.ofTodo(db(), auth.app.id, todoId);
    const table = ref ? await ctx.registry.resolve(auth.app, ref.module) : undefined;
    return { instanceId: ref?.instanceId, table: table ?? undefined };
  }

  const state = (inst: InstanceRow) => ({ id: inst.id, status: inst.status, step: inst.step });

  // ---- definitions (admins) ----
  app.get('/api/flows/defs', async (request) => {
    const list = await defs.list(admin(request).app.id);
    return ok(request, { list, total: list.length });
  });
  app.get('/api/flows/defs/:id', { schema: { params: S.ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, await defs.get(auth.app.id, (request.params as { id: string }).id));
  });
  app.post('/api/flows/defs', { schema: { body: FLOW_BODY } }, async (request) => {
    const auth = admin(request);
    const body = request.body as FlowInput;
    const id = await defs.create(auth.app.id, auth.user.id, await moduleTable(auth, body.module), body);
    return ok(request, await defs.get(auth.app.id, id));
  });
  app.put('/api/flows/defs/:id', { schema: { params: S.ID_PARAMS, body: FLOW_BODY } }, async (request) => {
    const auth = admin(request);
    const id = (request.params as { id: string }).id;
    const body = request.body as FlowInput;
    await defs.update(auth.app.id, auth.user.id, id, await moduleTable(auth, body.module), body);
    return ok(request, await defs.get(auth.app.id, id));
  });
  app.delete('/api/flows/defs/:id', { schema: { params: S.ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    await defs.remove(auth.app.id, auth.user.id, (request.params as { id: string }).id);
    return ok(request, null);
  });

  // ---- running ----
  app.post('/api/flows/start', { schema: { body: S.START_BODY } }, async (request) => {
    const body = request.body as { module: string; recordId: string; comment?: string };
    // The starter must be able to read the record through the menu guard and data scope.
    const target = await resolveNamedTarget(ctx, request, body.module, 'read');
    if (target.table.kind !== 'module') throw badRequest('flows.moduleMissing', { module: body.module });
    if (!(await readRow(db(), target, body.recordId))) throw new ApiError(ResultCode.NOT_FOUND, 'error.notFound');
    const flow = await defs.forModule(db(), target.auth.app.id, target.table.name);
    if (!flow) throw badRequest('flows.noFlow');
    try {
      const inst = await transition((trx) =>
        engine.start(trx, actorOf(target.auth), target.table, body.recordId, flow, body.comment),
      );
      return ok(request, state(inst));
    } catch (error) {
      // Two starts racing past the check: the running_key unique index lets one through.
      if (!(error instanceof ApiError) && ctx.db.spec.classifyError(error)?.kind === 'duplicate')
        throw new ApiError(ResultCode.CONFLICT, 'flows.alreadyRunning');
      throw error;
    }
  });
  app.post('/api/flows/approve', { schema: { body: S.APPROVE_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { todoId: string; comment?: string; values?: Record<string, unknown> };
    const { instanceId, table } = await todoRef(auth, body.todoId);
    // The approver's field changes go to the operation log like any record update (docs/logs.md).
    const audit: RecordAudit = (trx, module, recordId, before, after) =>
      recordOperation(ctx, trx, request, {
        appId: auth.app.id,
        userId: auth.user.id,
        action: 'update',
        table: module.name,
        recordId,
        before,
        after,
      });
    return ok(
      request,
      state(await transition((trx) => engine.approve(trx, actorOf(auth), table, { ...body, instanceId, audit }))),
    );
  });
  app.post('/api/flows/reject', { schema: { body: S.REJECT_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { todoId: string; comment?: string };
    const { instanceId } = await todoRef(auth, body.todoId);
    const inst = await transition(async (trx) => {
      const result = await engine.reject(trx, actorOf(auth), { ...body, instanceId });
      const after = await noticeRejected(ctx, trx, result.instance, auth.user.id, body.comment, langOf(request));
      return { ...result, after };
    });
    return ok(request, state(inst));
  });
  app.post('/api/flows/return', { schema: { body: S.RETURN_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { todoId: string; toStep: number; comment?: string };
    const { instanceId, table } = await todoRef(auth, body.todoId);
    return ok(
      request,
      state(await transition((trx) => engine.returnTo(trx, actorOf(auth), table, { ...body, instanceId }))),
    );
  });
  app.post('/api/flows/transfer', { schema: { body: S.TRANSFER_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { todoId: string; userId: string; comment?: string };
    const { instanceId } = await todoRef(auth, body.todoId);
    return ok(request, state(await transition((trx) => engine.transfer(trx, actorOf(auth), { ...body, instanceId }))));
  });
  app.post('/api/flows/withdraw', { schema: { body: S.WITHDRAW_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { instanceId: string; comment?: string };
    return ok(request, state(await transition((trx) => engine.withdraw(trx, actorOf(auth), body))));
  });
  app.post('/api/flows/comment', { schema: { body: S.COMMENT_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const body = request.body as { instanceId: string; comment: string };
    return ok(
      request,
      state(await transition((trx) => engine.comment(trx, actorOf(auth), { ...body, comment: body.comment.trim() }))),
    );
  });

  // ---- reading ----
  app.get('/api/flows/timeline', { schema: { querystring: S.TIMELINE_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as { module: string; recordId: string };
    const latest = await rows.latest(db(), auth.app.id, query.module, query.recordId);
    const involved = latest ? await engine.mayRead(db(), actorOf(auth), latest) : false;
    let table: TableInfo | undefined;
    let record: Record<string, unknown> | undefined;
    if (involved) {
      table = (await ctx.registry.resolve(auth.app, query.module)) ?? undefined;
      if (table) record = await engine.readRecord(db(), table, auth.app.id, query.recordId).catch(() => undefined);
    } else {
      // Not on the approval: what the menu guard lets them read, like the record itself.
      const target = await resolveNamedTarget(ctx, request, query.module, 'read');
      record = await readRow(db(), target, query.recordId);
      if (!record) throw new ApiError(ResultCode.NOT_FOUND, 'error.notFound');
      table = target.table;
    }
    const flow = await defs.forModule(db(), auth.app.id, query.module);
    const steps = latest ? await views.steps(latest.flow_id, latest.version) : [];
    const pending = latest?.status === 'running' ? await views.pendingOf(latest) : [];
    const mine = pending.find((p) => p.assignee_id === auth.user.id);
    const lang = langOf(request);
    return ok(request, {
      flow: flow ? { id: flow.id, name: flow.name, enabled: flow.enabled } : null,
      instance: latest ? { ...state(latest), starter_id: latest.starter_id } : null,
      steps: steps.map((s) => ({ name: s.name, mode: s.mode, fields: s.fields ?? [] })),
      pending,
      myTodoId: mine?.id ?? null,
      canWithdraw: latest?.status === 'running' && latest.starter_id === auth.user.id,
      events: await views.events(auth.app.id, query.module, query.recordId),
      ...(record && table
        ? {
            record,
            fields: [...table.columns.values()].map((c) => ({
              key: c.name,
              title: c.title ? textOf(c.title, lang) : c.name,
            })),
          }
        : {}),
    });
  });
  app.get('/api/flows/todos', { schema: { querystring: S.TODOS_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const q = request.query as Partial<TodoQuery>;
    const query: TodoQuery = { status: q.status ?? 'pending', page: q.page ?? 1, size: q.size ?? 20 };
    if (q.module) query.module = q.module;
    if (q.keyword?.trim()) query.keyword = q.keyword.trim();
    return ok(request, await views.todos(auth.app.id, auth.user.id, query));
  });
}
