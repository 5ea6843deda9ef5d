/**
 * POST /api/appGenerator/create (ai-and-widgets §7): { type, connectId, content, mobile, password }
 * → data: the new app's identifier. Progress goes to the caller's stream (GET /api/sse/connect, the
 * one the chat uses: its first message is the connection id). Admins only (the top bar shows the
 * button to admins); one generation at a time per user and at most RATE_PER_HOUR an hour.
 * The account of the new app is the caller's own mobile (from the session; the body's only when
 * the profile has none), the password the browser generated (its shape checked), stored hashed.
 * Billing (server/ai/billing.ts, feature 'generator'): quota and balance are checked before the
 * model is asked; the tokens of every round are charged through the model's price when the app is
 * built; a generation that built nothing is released (free).
 */
import type { FastifyInstance } from 'fastify';
import {
  GENERATED_PASSWORD,
  GENERATOR_TYPES,
  MAX_GENERATOR_PROMPT,
  type GeneratorType,
} from '../../protocol/ai-generator';
import { translate } from '../../protocol/messages';
import { billingFor } from '../ai/billing';
import { sentTokens } from '../ai/chat-billing';
import type { ChatConnections } from '../ai/chat-connections';
import { AiModelStore } from '../ai/model-store';
import type { Provider } from '../ai/provider';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { aiAppGenerationTable } from '../db/migrations/0029-ai-app-generation';
import { aiModelTable } from '../db/migrations/0022-ai-models';
import { badRequest, forbidden } from '../errors';
import { strictObject } from '../http/shapes';
import { policyFromConfig } from '../net/outbound';
import { recordAdminChanges } from '../logs/record';
import { langOf, ok } from '../reply';
import { secretBoxFor } from '../secrets/secrets';
import { systemPrompt } from './ask-model';
import { generateApp } from './generate';
import { DESCRIBE_TYPE } from './describe-change';
import { registerDescribeRoutes } from './describe-routes';

export const RATE_PER_HOUR = 5;
const HOUR_MS = 3_600_000;
const MOBILE = /^1[3-9]\d{9}$/;
/** Tokens held for a plan's answer (a plan of the allowed size is about this long). */
const PLAN_ANSWER_TOKENS = 4096;

/** The spec's provider types → the model store's providers (OpenAI-compatible endpoints). */
const PROVIDER_OF: Record<GeneratorType, Provider> = { deepseek: 'deepseek', aLi: 'qwen', baidu: 'qianfan' };

const CREATE_BODY = strictObject(
  {
    type: { enum: [...GENERATOR_TYPES], description: 'Model provider: baidu, aLi or deepseek (default deepseek)' },
    connectId: { type: 'string', minLength: 1, maxLength: 64, description: 'The connection id of the caller’s stream' },
    content: { type: 'string', maxLength: MAX_GENERATOR_PROMPT, description: 'The app, described in a sentence' },
    mobile: { type: 'string', maxLength: 32, description: 'The account of the new app (the caller’s mobile)' },
    password: { type: 'string', maxLength: 32, description: 'The generated password: a fixed prefix + 8 digits' },
  },
  'Generate an app',
  ['type', 'mobile'],
);

export function registerAiGeneratorRoutes(app: FastifyInstance, ctx: ServerContext, connections: ChatConnections) {
  const prefix = ctx.config.tablePrefix;
  const table = aiAppGenerationTable(prefix);
  const models = new AiModelStore(ctx.db.db, aiModelTable(prefix), secretBoxFor(ctx.config), ctx.now);
  const policy = policyFromConfig(ctx.config);
  const billing = billingFor(ctx);
  /** Users with a generation running on this instance (the hourly count covers the others). */
  const running = new Set<string>();
  // The form designer's "describe a change": same models, guard and request table, its own limit.
  registerDescribeRoutes(app, ctx, { models, policy, table });

  app.post('/api/appGenerator/create', { schema: { body: CREATE_BODY } }, async (request) => {
    const auth = requireAuth(request);
    if (!auth.isAdmin) throw forbidden();
    const lang = langOf(request);
    const body = request.body as {
      type?: GeneratorType;
      connectId: string;
      content: string;
      mobile?: string;
      password: string;
    };
    const prompt = body.content.trim();
    if (!prompt) throw badRequest('aiGen.contentRequired');
    if (!GENERATED_PASSWORD.test(body.password)) throw badRequest('aiGen.passwordInvalid');
    const mobile = (auth.user.mobile ?? body.mobile ?? '').trim();
    if (!MOBILE.test(mobile)) throw badRequest('aiGen.mobileInvalid');
    const type = body.type ?? 'deepseek';
    const owner = { appId: auth.app.id, userId: auth.user.id };
    const key = `${owner.appId}:${owner.userId}`;
    if (running.has(key)) throw badRequest('aiGen.busy');
    const recent = await ctx.db.db
      .selectFrom(table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .where('type', '!=', DESCRIBE_TYPE)
      .where('create_at', '>', ctx.now() - HOUR_MS)
      .executeTakeFirst();
    if (Number(recent?.n ?? 0) >= RATE_PER_HOUR) throw badRequest('aiGen.rateLimited', { max: RATE_PER_HOUR });
    const enabled = (await models.list(owner.appId, { provider: PROVIDER_OF[type] })).filter(
      (row) => Number(row.enabled) === 1,
    );
    const model = enabled.find((row) => Number(row.is_default) === 1) ?? enabled[0];
    if (!model) throw badRequest('aiGen.noModel', { type: translate(lang, `aiGen.type.${type}`) });
    const target = models.target(model);
    // Quota and balance before the model is asked: a refusal creates nothing.
    const held = await billing.reserve({
      app: auth.app,
      userId: owner.userId,
      feature: 'generator',
      model,
      estimatedTokens:
        sentTokens([
          { role: 'system', content: systemPrompt() },
          { role: 'user', content: prompt },
        ]) + PLAN_ANSWER_TOKENS,
    });

    running.add(key);
    try {
      const built = await generateApp(
        {
          ctx,
          table,
          target,
          policy,
          send: (kind, text) => connections.publish(owner, body.connectId, { kind, text }),
          charge: (usage, trx, generationId) => billing.charge(held, usage, trx, generationId),
        },
        {
          appId: owner.appId,
          userId: owner.userId,
          lang,
          type,
          prompt,
          mobile,
          password: body.password,
          encrypt: Number(auth.app.encrypt) === 1,
        },
      ).catch(async (error: unknown) => {
        // Nothing built: not charged, and not counted against the quota.
        await billing.release(held);
        if ((error as { cause?: unknown }).cause)
          request.log.error({ err: (error as { cause: unknown }).cause }, 'app generation failed');
        throw error;
      });
      // The operation log of the requester's app: who generated which app from what.
      await recordAdminChanges(ctx, request, [
        {
          appId: owner.appId,
          userId: owner.userId,
          table: 'app',
          recordId: built.appId,
          after: { identify: built.identify, type, prompt: prompt.slice(0, 500) },
        },
      ]);
      return ok(request, built.identify);
    } finally {
      running.delete(key);
    }
  });
}
