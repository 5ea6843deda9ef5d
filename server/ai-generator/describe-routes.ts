/**
 * POST /api/ai-generator/describe-change { moduleId, baseVersion, content } → { schema, operations,
 * summary, repairs } (docs/ai.md "Describe a change"). Admins only, like the designer's saves. The
 * schema is the session app's stored head (another app's module is not found), and the base
 * version the designer loaded must still be the head (CONFLICT otherwise: reload first). The model
 * is the app's default enabled one; one request at a time per user and at most RATE_PER_HOUR an
 * hour, counted apart from app generations. Nothing is saved here. Billing as the generator's
 * (feature 'generator', server/ai/billing.ts): quota and balance before the model is asked, the
 * tokens of every round charged when a valid patch is answered, nothing charged when none is.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_DESCRIBE_PROMPT } from '../../protocol/ai-generator';
import { billingFor } from '../ai/billing';
import { sentTokens } from '../ai/chat-billing';
import type { AiModelStore } from '../ai/model-store';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { badRequest, forbidden, notFound } from '../errors';
import { strictObject } from '../http/shapes';
import type { OutboundPolicy } from '../net/outbound';
import { langOf, ok } from '../reply';
import { readStoredSchema } from '../schema-store/prepare';
import { referenceContext } from '../schema-store/refs';
import { conflictError } from '../schema-store/versions';
import { describeChange, describeSystemPrompt, DESCRIBE_TYPE } from './describe-change';

export const DESCRIBE_RATE_PER_HOUR = 30;
const HOUR_MS = 3_600_000;
/** Held for the model's answer beside the prompt's estimate (a patch is short). */
const PATCH_ANSWER_TOKENS = 2048;

const BODY = strictObject(
  {
    moduleId: { type: 'string', minLength: 1, maxLength: 32, description: 'The module open in the designer' },
    baseVersion: { type: 'integer', minimum: 1, description: 'The head version the designer loaded' },
    content: { type: 'string', maxLength: MAX_DESCRIBE_PROMPT, description: 'The change, described in a sentence' },
  },
  'Describe a change to a module schema',
  [],
);

export function registerDescribeRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  deps: { models: AiModelStore; policy: OutboundPolicy; table: string },
): void {
  const running = new Set<string>();
  const billing = billingFor(ctx);

  app.post('/api/ai-generator/describe-change', { schema: { body: BODY } }, async (request) => {
    const auth = requireAuth(request);
    if (!auth.isAdmin) throw forbidden();
    const body = request.body as { moduleId: string; baseVersion: number; content: string };
    const prompt = body.content.trim();
    if (!prompt) throw badRequest('aiDescribe.contentRequired');
    const appId = auth.app.id;
    const row = await ctx.db.db
      .selectFrom(ctx.tables.module)
      .select(['id', 'table_name', 'schema', 'version'])
      .where('app_id', '=', appId)
      .where('id', '=', body.moduleId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    if (!row) throw notFound();
    if (Number(row.version ?? 1) !== body.baseVersion)
      throw await conflictError(ctx.db.db, ctx, appId, 'module', String(row.id));
    const key = `${appId}:${auth.user.id}`;
    if (running.has(key)) throw badRequest('aiDescribe.busy');
    const recent = await ctx.db.db
      .selectFrom(deps.table)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('app_id', '=', appId)
      .where('user_id', '=', auth.user.id)
      .where('type', '=', DESCRIBE_TYPE)
      .where('create_at', '>', ctx.now() - HOUR_MS)
      .executeTakeFirst();
    if (Number(recent?.n ?? 0) >= DESCRIBE_RATE_PER_HOUR)
      throw badRequest('aiDescribe.rateLimited', { max: DESCRIBE_RATE_PER_HOUR });
    const model = await deps.models.usable(appId);
    const target = deps.models.target(model);
    const schema = readStoredSchema(typeof row.schema === 'string' ? row.schema : JSON.stringify(row.schema));
    const table = String(row.table_name);
    // Quota and balance before the model is asked: a refusal asks nothing.
    const held = await billing.reserve({
      app: auth.app,
      userId: auth.user.id,
      feature: 'generator',
      model,
      estimatedTokens:
        sentTokens([
          { role: 'system', content: describeSystemPrompt(schema) },
          { role: 'user', content: prompt },
        ]) + PATCH_ANSWER_TOKENS,
    });
    running.add(key);
    try {
      const answer = await describeChange(
        {
          ctx,
          table: deps.table,
          target,
          policy: deps.policy,
          charge: (usage, trx, requestId) => billing.charge(held, usage, trx, requestId),
        },
        {
          appId,
          userId: auth.user.id,
          lang: langOf(request),
          moduleId: String(row.id),
          table,
          schema,
          prompt,
          refs: await referenceContext(ctx, auth.app, schema, table),
        },
      ).catch(async (error: unknown) => {
        // No valid patch: not charged, and not counted against the quota.
        await billing.release(held);
        if ((error as { cause?: unknown }).cause)
          request.log.error({ err: (error as { cause: unknown }).cause }, 'describe a change failed');
        throw error;
      });
      return ok(request, answer);
    } finally {
      running.delete(key);
    }
  });
}
