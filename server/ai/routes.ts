/**
 * The AI models and agents (issue 18, docs/ai.md). Admins of the app manage them on the ai/model
 * and ai/agent pages (plain list schemas over these routes):
 *   GET    /api/aiModels?current&pageSize&label&provider   → { list, total } (keys masked)
 *   GET    /api/aiModels/:id  POST /api/aiModels  PUT /api/aiModels/:id
 *   DELETE /api/aiModels/:id  DELETE /api/aiModels { ids }
 *   POST   /api/aiModels/test { ids: [id] }                → first-token and total time, a sample
 *   the same for /api/aiAgents (no test)
 * Every signed-in user of the app reads the spec's option calls (ai-and-widgets §7):
 *   GET /api/module/config/chatmodel/getLabelOption       → [{ value, label }] enabled models
 *   GET /api/module/config/app/agent?page&size&type=CHAT  → [{ id, name, role, model_id }]
 *   GET /api/module/app/tips?page&size&agentId            → [{ id, title, content }]
 * The app comes from the session only; writes go to the operation log with keys redacted.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { translate } from '../../protocol/messages';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { aiAgentTable, aiModelTable } from '../db/migrations/0022-ai-models';
import { forbidden } from '../errors';
import { recordOperation } from '../logs/record';
import { policyFromConfig } from '../net/outbound';
import { langOf, ok } from '../reply';
import { secretBoxFor } from '../secrets/secrets';
import { AiAgentStore, tipsOf, type AgentInput } from './agent-store';
import { AiModelStore, type ModelInput } from './model-store';
import type { ChatConnections } from './chat-connections';
import { registerChatRoutes } from './chat-routes';
import { billingFor } from './billing';
import { PayConfigStore, registerAiConfigRoutes } from './config-routes';
import { registerRechargeRoutes } from './recharge-routes';
import { streamChat } from './provider';
import {
  AGENT_BODY,
  AGENT_LIST_QUERY,
  ID_PARAMS,
  IDS_BODY,
  MODEL_BODY,
  MODEL_LIST_QUERY,
  OPTION_QUERY,
  TEST_BODY,
} from './shapes';

const SAMPLE_CHARS = 500;
/** A test call waits at most this long per attempt; it retries like a chat does (429, 5xx). */
const TEST_TIMEOUT_MS = 20_000;

function admin(request: FastifyRequest): RequestAuth {
  const auth = requireAuth(request);
  if (!auth.isAdmin) throw forbidden();
  return auth;
}

function paged<T>(rows: T[], current = 1, pageSize = 10): { list: T[]; total: number } {
  const start = (current - 1) * pageSize;
  return { list: rows.slice(start, start + pageSize), total: rows.length };
}

export function registerAiRoutes(app: FastifyInstance, ctx: ServerContext): ChatConnections {
  const box = secretBoxFor(ctx.config);
  const policy = policyFromConfig(ctx.config);
  const models = new AiModelStore(ctx.db.db, aiModelTable(ctx.config.tablePrefix), box, ctx.now);
  const modelExists = async (appId: string, id: string) => (await models.list(appId)).some((row) => row.id === id);
  const agents = new AiAgentStore(ctx.db.db, aiAgentTable(ctx.config.tablePrefix), modelExists, ctx.now);

  /** An admin change in the operation log; the key is never part of it (the view masks it). */
  const logged = (
    request: FastifyRequest,
    auth: RequestAuth,
    table: string,
    id: string,
    before?: object,
    after?: object,
  ) =>
    recordOperation(ctx, ctx.db.db, request, {
      appId: auth.app.id,
      userId: auth.user.id,
      action: 'admin-change',
      table,
      recordId: id,
      before: before as Record<string, unknown> | undefined,
      after: after as Record<string, unknown> | undefined,
    });

  // ---- models ----
  app.get('/api/aiModels', { schema: { querystring: MODEL_LIST_QUERY } }, async (request) => {
    const auth = admin(request);
    const query = request.query as { current?: number; pageSize?: number; label?: string; provider?: string };
    const rows = (await models.list(auth.app.id, query)).map((row) => models.view(row));
    return ok(request, paged(rows, query.current, query.pageSize));
  });

  app.get('/api/aiModels/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, models.view(await models.get(auth.app.id, (request.params as { id: string }).id)));
  });

  app.post('/api/aiModels', { schema: { body: MODEL_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const view = models.view(await models.create(auth.app.id, auth.user.id, request.body as ModelInput, policy));
    await logged(request, auth, 'ai_model', String(view.id), undefined, view);
    return ok(request, view);
  });

  app.put('/api/aiModels/:id', { schema: { params: ID_PARAMS, body: MODEL_BODY('update') } }, async (request) => {
    const auth = admin(request);
    const { id } = request.params as { id: string };
    const before = models.view(await models.get(auth.app.id, id));
    const view = models.view(await models.update(auth.app.id, auth.user.id, id, request.body as ModelInput, policy));
    await logged(request, auth, 'ai_model', id, before, view);
    return ok(request, view);
  });

  const removeModels = async (request: FastifyRequest, ids: string[]) => {
    const auth = admin(request);
    await models.remove(auth.app.id, ids);
    for (const id of ids) await logged(request, auth, 'ai_model', id, { id });
    return ok(request, null);
  };
  app.delete('/api/aiModels/:id', { schema: { params: ID_PARAMS } }, (request) =>
    removeModels(request, [(request.params as { id: string }).id]),
  );
  app.delete('/api/aiModels', { schema: { body: IDS_BODY } }, (request) =>
    removeModels(request, (request.body as { ids: string[] }).ids),
  );

  app.post('/api/aiModels/test', { schema: { body: TEST_BODY } }, async (request) => {
    const auth = admin(request);
    const row = await models.get(auth.app.id, (request.body as { ids: [string] }).ids[0]);
    const lang = langOf(request);
    const started = ctx.now();
    let firstMs: number | undefined;
    let answer = '';
    const stream = streamChat(models.target(row), [{ role: 'user', content: translate(lang, 'ai.testPrompt') }], {
      policy,
      timeoutMs: TEST_TIMEOUT_MS,
    });
    let step = await stream.next();
    while (!step.done) {
      firstMs ??= ctx.now() - started;
      answer += step.value;
      step = await stream.next();
    }
    const totalMs = ctx.now() - started;
    const data = {
      firstMs: firstMs ?? totalMs,
      totalMs,
      sample: answer.slice(0, SAMPLE_CHARS),
      usage: step.value,
    };
    return { ...ok(request, data), message: translate(lang, 'ai.testDone', data) };
  });

  // ---- agents ----
  app.get('/api/aiAgents', { schema: { querystring: AGENT_LIST_QUERY } }, async (request) => {
    const auth = admin(request);
    const query = request.query as { current?: number; pageSize?: number; name?: string };
    const rows = (await agents.list(auth.app.id, query)).map((row) => agents.view(row));
    return ok(request, paged(rows, query.current, query.pageSize));
  });

  app.get('/api/aiAgents/:id', { schema: { params: ID_PARAMS } }, async (request) => {
    const auth = admin(request);
    return ok(request, agents.view(await agents.get(auth.app.id, (request.params as { id: string }).id)));
  });

  app.post('/api/aiAgents', { schema: { body: AGENT_BODY('create') } }, async (request) => {
    const auth = admin(request);
    const view = agents.view(await agents.create(auth.app.id, auth.user.id, request.body as AgentInput));
    await logged(request, auth, 'ai_agent', String(view.id), undefined, view);
    return ok(request, view);
  });

  app.put('/api/aiAgents/:id', { schema: { params: ID_PARAMS, body: AGENT_BODY('update') } }, async (request) => {
    const auth = admin(request);
    const { id } = request.params as { id: string };
    const before = agents.view(await agents.get(auth.app.id, id));
    const view = agents.view(await agents.update(auth.app.id, auth.user.id, id, request.body as AgentInput));
    await logged(request, auth, 'ai_agent', id, before, view);
    return ok(request, view);
  });

  const removeAgents = async (request: FastifyRequest, ids: string[]) => {
    const auth = admin(request);
    await agents.remove(auth.app.id, ids);
    for (const id of ids) await logged(request, auth, 'ai_agent', id, { id });
    return ok(request, null);
  };
  app.delete('/api/aiAgents/:id', { schema: { params: ID_PARAMS } }, (request) =>
    removeAgents(request, [(request.params as { id: string }).id]),
  );
  app.delete('/api/aiAgents', { schema: { body: IDS_BODY } }, (request) =>
    removeAgents(request, (request.body as { ids: string[] }).ids),
  );

  // ---- the chat's option calls (every signed-in user) ----
  app.get('/api/module/config/chatmodel/getLabelOption', async (request) => {
    const auth = requireAuth(request);
    const rows = (await models.list(auth.app.id)).filter((row) => Number(row.enabled) === 1);
    // The default first: the picker's first option is what a new chat uses.
    rows.sort((a, b) => Number(b.is_default) - Number(a.is_default));
    return ok(
      request,
      rows.map((row) => ({ value: row.id, label: row.label })),
    );
  });

  app.get('/api/module/config/app/agent', { schema: { querystring: OPTION_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as { page?: number; size?: number; type?: string };
    const rows = await agents.list(auth.app.id, { type: query.type ?? 'CHAT', enabledOnly: true });
    const { list } = paged(rows, query.page, query.size);
    return ok(
      request,
      list.map((row) => ({ id: row.id, name: row.name, role: row.role, model_id: row.model_id })),
    );
  });

  app.get('/api/module/app/tips', { schema: { querystring: OPTION_QUERY } }, async (request) => {
    const auth = requireAuth(request);
    const query = request.query as { page?: number; size?: number; agentId?: string };
    const rows = await agents.list(auth.app.id, { enabledOnly: true });
    const tips = rows
      .filter((row) => !query.agentId || row.id === query.agentId)
      .flatMap((row) =>
        tipsOf(row).map((content, i) => ({ id: `${row.id}-${i + 1}`, title: content.slice(0, 40), content })),
      );
    return ok(request, paged(tips, query.page, query.size ?? 12).list);
  });

  // Quota, charges and recharge (billing.ts is the seam the other AI features call).
  const billing = billingFor(ctx);
  const payConfig = new PayConfigStore(ctx, box);
  registerAiConfigRoutes(app, ctx, payConfig);
  registerRechargeRoutes(app, ctx, billing, payConfig);
  // The chat's streams also carry the app generator's progress (server/ai-generator).
  return registerChatRoutes(app, ctx, { models, agents, billing });
}
