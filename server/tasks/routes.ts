/**
 * The Task page's server (issue 17 item 5, docs/scheduler.md "The Task page"); admins only, the
 * app always from the session.
 *   GET    /api/tasks               { list, total }: each task with its next run times and last run
 *   GET    /api/tasks/:id           one task
 *   POST   /api/tasks               create; PUT /api/tasks/:id change; DELETE /api/tasks/:id
 *   POST   /api/tasks/explain       { cron, timezone } → { next } (ISO times) or the reason it is refused
 *   POST   /api/tasks/:id/run       run now (through the lease, like a tick) → the run's record
 *   GET    /api/tasks/:id/runs      the run history, newest first (status, duration, output / error)
 * Saves are checked whole (check.ts), logged, and published as `task.changed` so every instance
 * reschedules the task.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { apiSourceInvoker } from '../api-sources/invoke';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import { aggregateRunner } from '../common/system-report';
import type { ServerContext } from '../context';
import { scheduledTaskTable } from '../db/migrations/0026-messages-tasks';
import { badRequest, forbidden } from '../errors';
import { loadFilesConfig, storageFor } from '../files/library';
import { recordOperation } from '../logs/record';
import { ok } from '../reply';
import { LeaseStore, type RunRecord, type Scheduler } from '../scheduler/index';
import { definitionOf, leaseName, type TaskDeps } from './actions';
import { checkTask, explainCron } from './check';
import { TaskRunner } from './runner';
import { EXPLAIN_BODY, ID_PARAMS, IGNORED_KEYS, PAGE_QUERY, TASK_BODY, DEFAULT_TIMEOUT_MS } from './shapes';
import { inputOf, TaskStore, type TaskInput, type TaskRow } from './store';

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

const idOf = (request: FastifyRequest) => (request.params as { id: string }).id;

const runView = (run: RunRecord) => ({
  id: run.id,
  status: run.status,
  started_at: run.startedAt,
  finished_at: run.finishedAt,
  duration_ms: run.finishedAt === null ? null : run.finishedAt - run.startedAt,
  output: run.output ?? '',
  holder: run.holder,
});

export function registerTaskRoutes(app: FastifyInstance, ctx: ServerContext, scheduler: Scheduler): void {
  const table = scheduledTaskTable(ctx.config.tablePrefix);
  const store = new TaskStore(ctx.db.db, table, ctx.now);
  const leases = new LeaseStore(ctx.db, ctx.config.tablePrefix);
  const sources = apiSourceInvoker(ctx);
  // The file storage the file API uses (same environment): where a report's file is kept.
  const storage = storageFor(loadFilesConfig(process.env, ctx.config.dataDir), ctx.now);
  // The S3 client holds sockets (S3Storage.close); the others have nothing to close.
  const closable = storage as { close?: () => Promise<void> };
  if (closable.close) app.addHook('onClose', async () => closable.close?.());
  const deps: TaskDeps = { invoke: sources.invoke, runAggregate: aggregateRunner(app, ctx), storage };
  new TaskRunner(ctx, scheduler, store, deps).listen(app);

  const nextRuns = (row: TaskRow) => {
    if (Number(row.enabled) !== 1) return [];
    try {
      return explainCron(row.cron, row.timezone, ctx.now(), 3).map((d) => d.getTime());
    } catch {
      return [];
    }
  };
  const view = async (row: TaskRow) => {
    const [last] = await leases.history(leaseName(row.id), 1);
    return {
      ...inputOf(row),
      next: nextRuns(row),
      last_run: last ? runView(last) : null,
      update_at: Number(row.update_at),
    };
  };
  const input = (body: unknown, base?: TaskInput): TaskInput => {
    const given = Object.fromEntries(
      Object.entries(body as Record<string, unknown>).filter(([key]) => !IGNORED_KEYS.includes(key)),
    ) as Partial<TaskInput>;
    return {
      enabled: true,
      missed: 'skip',
      timeout_ms: DEFAULT_TIMEOUT_MS,
      config: {},
      ...base,
      ...given,
    } as TaskInput;
  };
  const changed = async (
    request: FastifyRequest,
    auth: RequestAuth,
    action: 'create' | 'update' | 'delete',
    before?: TaskRow,
    after?: TaskRow,
  ) => {
    const row = (after ?? before)!;
    await recordOperation(ctx, ctx.db.db, request, {
      appId: auth.app.id,
      userId: auth.user.id,
      action,
      table,
      recordId: row.id,
      before: before && (inputOf(before) as unknown as Record<string, unknown>),
      after: after && (inputOf(after) as unknown as Record<string, unknown>),
    });
    await ctx.bus.publish({ type: 'task.changed', appId: auth.app.id, taskId: row.id });
  };

  app.get('/api/tasks', { schema: { querystring: PAGE_QUERY } }, async (request) => {
    const auth = admin(request);
    const query = request.query as { current?: number; pageSize?: number };
    const page = await store.list(auth.app.id, { current: query.current ?? 1, pageSize: query.pageSize ?? 10 });
    return ok(request, { list: await Promise.all(page.list.map(view)), total: page.total });
  });
  app.get('/api/tasks/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, await view(await store.get(auth.app.id, idOf(request))));
  });
  app.post('/api/tasks/explain', { schema: { body: EXPLAIN_BODY } }, async (request) => {
    admin(request);
    const { cron, timezone } = request.body as { cron: string; timezone: string };
    return ok(request, { next: explainCron(cron, timezone, ctx.now()).map((d) => d.toISOString()) });
  });
  app.post('/api/tasks', { schema: { body: TASK_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const checked = await checkTask(ctx, sources.exists, auth.app.id, input(request.body));
    const row = await store.create(auth.app.id, auth.user.id, checked);
    await changed(request, auth, 'create', undefined, row);
    return ok(request, await view(row));
  });
  app.put('/api/tasks/:id', { schema: { params: ID_PARAMS, body: TASK_BODY('update') } }, async (request) => {
    const auth = admin(request);
    const before = await store.get(auth.app.id, idOf(request));
    const checked = await checkTask(ctx, sources.exists, auth.app.id, input(request.body, inputOf(before)));
    const after = await store.update(auth.app.id, auth.user.id, before.id, checked);
    await changed(request, auth, 'update', before, after);
    return ok(request, await view(after));
  });
  app.delete('/api/tasks/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    const row = await store.remove(auth.app.id, auth.user.id, idOf(request));
    await changed(request, auth, 'delete', row);
    return ok(request, null);
  });

  app.post('/api/tasks/:id/run', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    const row = await store.get(auth.app.id, idOf(request));
    // Through the lease like a tick, so a run now never overlaps a run in progress anywhere.
    const tick = Math.floor(ctx.now() / 1000) * 1000;
    const result = await scheduler.runTask(definitionOf(ctx, deps, row), tick);
    if (result === 'skipped') throw badRequest('tasks.running');
    const [run] = await leases.history(leaseName(row.id), 1);
    return ok(request, run ? runView(run) : null);
  });
  app.get('/api/tasks/:id/runs', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    const row = await store.get(auth.app.id, idOf(request));
    const runs = await leases.history(leaseName(row.id), 50);
    return ok(request, { list: runs.map(runView), total: runs.length });
  });
}
