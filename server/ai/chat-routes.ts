/**
 * The chat's calls (ai-and-widgets §7, docs/ai.md "Chat"), for every signed-in user, on their own
 * sessions only (the app and user come from the session):
 *   GET    /api/sse/connect                                          the chat's stream (chat-connections.ts)
 *   GET    /api/module/session/sessioninfo/getUserSessionList?page&size&type
 *   POST   /api/module/session/sessioninfo/addSession                { sessionType, chatModelId, agentId }
 *   PUT|POST /api/module/session/sessioninfo/updateSession/:id       the session (name; model while empty)
 *   DELETE /api/module/session/sessioninfo/deleteSession/:id
 *   DELETE /api/module/session/sessioninfo/clearSession
 *   GET    /api/module/session/sessionrecord/getRecordSession?sessionId
 *   POST   /api/module/chat/send                                     { connectId, sessionId, content, ifConc2 }
 *   GET    /api/module/chat/stopStreamResponse/:connectId
 * `send` streams the answer to the connection piece by piece and answers when it has ended and
 * been stored: done, stopped (the partial answer kept and marked) or failed (what arrived kept and
 * marked; nothing stored when nothing arrived).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import OpenAI from 'openai';
import { EnvelopeHeaders } from '../../protocol/envelope/constants';
import { translate } from '../../protocol/messages';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { aiChatRecordTable, aiChatSessionTable } from '../db/migrations/0024-ai-chat';
import { ApiError, badRequest } from '../errors';
import { policyFromConfig } from '../net/outbound';
import { langOf, ok } from '../reply';
import type { StreamSeal } from '../events/stream';
import type { AiAgentStore } from './agent-store';
import type { AiBilling } from './billing';
import { chatEstimate, chatUsage } from './chat-billing';
import { ChatConnections, CONNECT_PATH, type Owner } from './chat-connections';
import { buildMessages } from './chat-context';
import { ChatStore } from './chat-store';
import type { AiModelStore } from './model-store';
import { streamChat } from './provider';
import {
  CONNECT_QUERY,
  ID_PARAMS,
  RECORDS_QUERY,
  SEND_BODY,
  SESSION_BODY,
  SESSION_LIST_QUERY,
  STOP_PARAMS,
} from './chat-shapes';

const HEARTBEAT_MS = 25_000;

function headersOf(reply: FastifyReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders()))
    if (typeof value === 'string' || typeof value === 'number') out[name] = String(value);
  return out;
}

const ownerOf = (request: FastifyRequest): Owner => {
  const auth = requireAuth(request);
  return { appId: auth.app.id, userId: auth.user.id };
};

export function registerChatRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  stores: { models: AiModelStore; agents: AiAgentStore; billing: AiBilling },
): ChatConnections {
  const { models, agents, billing } = stores;
  const prefix = ctx.config.tablePrefix;
  const store = new ChatStore(ctx.db.db, aiChatSessionTable(prefix), aiChatRecordTable(prefix), ctx.now);
  const connections = new ChatConnections(ctx.bus);
  const policy = policyFromConfig(ctx.config);
  const heartbeat = setInterval(() => connections.heartbeat(), HEARTBEAT_MS);
  heartbeat.unref();
  app.addHook('preClose', (done) => {
    clearInterval(heartbeat);
    connections.closeAll();
    done();
  });

  app.get(CONNECT_PATH, { schema: { querystring: CONNECT_QUERY } }, async (request, reply) => {
    const owner = ownerOf(request);
    const nonce = request.headers[EnvelopeHeaders.NONCE];
    const seal: StreamSeal | undefined =
      request.envelope && typeof nonce === 'string'
        ? { key: request.envelope.key, nonce: nonce.toLowerCase() }
        : undefined;
    const headers = headersOf(reply);
    reply.hijack();
    connections.attach(reply.raw, owner, seal, headers);
  });

  const base = '/api/module/session';
  app.get(
    `${base}/sessioninfo/getUserSessionList`,
    { schema: { querystring: SESSION_LIST_QUERY } },
    async (request) => {
      const query = request.query as { page?: number; size?: number; type?: string };
      const rows = await store.list(ownerOf(request), query.page ?? 1, query.size ?? 10, query.type ?? 'CHAT');
      return ok(
        request,
        rows.map((row) => store.sessionView(row)),
      );
    },
  );

  app.post(`${base}/sessioninfo/addSession`, { schema: { body: SESSION_BODY } }, async (request) => {
    const owner = ownerOf(request);
    const body = request.body as { sessionType?: string; chatModelId?: string | null; agentId?: string | null };
    if (body.chatModelId) await models.usable(owner.appId, body.chatModelId);
    if (body.agentId) {
      const agent = await agents.get(owner.appId, body.agentId).catch(() => undefined);
      if (!agent || Number(agent.enabled) !== 1) throw badRequest('ai.agentUnknown');
    }
    return ok(request, store.sessionView(await store.add(owner, body)));
  });

  const update = async (request: FastifyRequest) => {
    const owner = ownerOf(request);
    const body = request.body as { sessionName?: string; chatModelId?: string | null };
    if (body.chatModelId) await models.usable(owner.appId, body.chatModelId);
    const { id } = request.params as { id: string };
    return ok(request, store.sessionView(await store.update(owner, id, body)));
  };
  app.put(`${base}/sessioninfo/updateSession/:id`, { schema: { params: ID_PARAMS, body: SESSION_BODY } }, update);
  app.post(`${base}/sessioninfo/updateSession/:id`, { schema: { params: ID_PARAMS, body: SESSION_BODY } }, update);

  app.delete(`${base}/sessioninfo/deleteSession/:id`, { schema: { params: ID_PARAMS } }, async (request) => {
    await store.remove(ownerOf(request), (request.params as { id: string }).id);
    return ok(request, null);
  });

  app.delete(`${base}/sessioninfo/clearSession`, async (request) => {
    return ok(request, { removed: await store.remove(ownerOf(request)) });
  });

  app.get(`${base}/sessionrecord/getRecordSession`, { schema: { querystring: RECORDS_QUERY } }, async (request) => {
    const { sessionId } = request.query as { sessionId: string };
    const rows = await store.recordsOf(ownerOf(request), sessionId);
    return ok(
      request,
      rows.map((row) => store.recordView(row)),
    );
  });

  app.get('/api/module/chat/stopStreamResponse/:connectId', { schema: { params: STOP_PARAMS } }, async (request) => {
    await connections.stop(ownerOf(request), (request.params as { connectId: string }).connectId);
    return ok(request, null);
  });

  // Writes only the chat's and billing's tables; a streamed answer holds this request for its whole
  // length, and while a possible system write runs the session cache is bypassed for every request
  // (500 answers streaming kept it off for good: ~4 queries more per request of every user).
  const send = { config: { sessionCacheSafe: true }, schema: { body: SEND_BODY } };
  app.post('/api/module/chat/send', send, async (request) => {
    const owner = ownerOf(request);
    const lang = langOf(request);
    const body = request.body as { connectId: string; sessionId: string; content: string; ifConc2?: string };
    const question = body.content.trim();
    if (!question) throw badRequest('ai.contentRequired');
    const session = await store.get(owner, body.sessionId);
    const model = await models.usable(owner.appId, session.chat_model_id);
    const agent = session.agent_id ? await agents.get(owner.appId, session.agent_id).catch(() => undefined) : undefined;
    const history =
      body.ifConc2 === '0' ? [] : (await store.recordsOf(owner, session.id)).filter((r) => r.status !== 'failed');
    const messages = buildMessages(agent?.system_prompt, history, question, Number(model.context_length));
    const target = models.target(model);
    // Quota and balance before anything reaches the provider (billing.ts).
    const held = await billing.reserve({
      app: requireAuth(request).app,
      userId: owner.userId,
      feature: 'chat',
      model,
      estimatedTokens: chatEstimate(messages, Number(model.context_length)),
    });
    const controller = connections.run(owner, body.connectId);
    if (!controller) {
      await billing.release(held);
      throw badRequest('ai.busy');
    }
    let answer = '';
    let status: 'done' | 'stopped' | 'failed' = 'done';
    let usage = { promptTokens: 0, completionTokens: 0 };
    let failure: Error | undefined;
    try {
      const stream = streamChat(target, messages, { signal: controller.signal, policy });
      for (let step = await stream.next(); ; step = await stream.next()) {
        if (step.done) {
          usage = step.value;
          break;
        }
        answer += step.value;
        await connections.publish(owner, body.connectId, { kind: 'text', text: step.value });
      }
    } catch (error) {
      if (error instanceof OpenAI.APIUserAbortError || controller.signal.aborted) status = 'stopped';
      else {
        status = 'failed';
        failure = error as Error;
      }
    } finally {
      connections.finish(body.connectId);
    }
    // The reason a call failed goes to the stream in the user's language, whether or not part of
    // the answer arrived first: the page shows it beside the partial answer it keeps and marks.
    const reason =
      failure && ((e: ApiError) => (e.key ? translate(lang, e.key, e.vars) : e.message))(failure as ApiError);
    if (failure && !answer) {
      await billing.release(held);
      await connections.publish(owner, body.connectId, { kind: 'error', text: reason });
      throw failure;
    }
    const recordId = await store.storeExchange(owner, session, {
      question,
      answer,
      status,
      modelId: model.id,
      modelValue: model.model,
      ...usage,
      charge: (trx, recordId) => billing.charge(held, chatUsage(messages, answer, usage), trx, recordId),
    });
    if (reason) await connections.publish(owner, body.connectId, { kind: 'error', text: reason });
    await connections.publish(owner, body.connectId, { kind: 'done', recordId, status });
    return ok(request, { recordId, status, content: answer });
  });

  return connections;
}
