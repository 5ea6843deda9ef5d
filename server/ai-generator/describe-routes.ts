/**
 * POST /api/ai-generator/describe-change { moduleId, baseVersion, content } → { schema, operations,
 * summary, repairs } (docs/ai.md "Describe a change"). Admins only, like the designer's saves. The
 * schema is the session app's stored head (another app's module is not found), and the base
 * version the designer loaded must still be the head (CONFLICT otherwise: reload first). The model
 * is the app's default enabled one; one request at a time per user and at most RATE_PER_HOUR an
 * hour, counted apart from app generations. Nothing is saved here.
 */
import type { FastifyInstance } from 'fastify';
import { MAX_DESCRIBE_PROMPT } from '../../protocol/ai-generator';
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
import { describeChange, DESCRIBE_TYPE } from './describe-change';

export const DESCRIBE_RATE_PER_HOUR = 30;
const HOUR_MS = 3_600_000;

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
    const target = deps.models.target(await deps.models.usable(appId));
    const schema = readStoredSchema(typeof row.schema === 'string' ? row.schema : JSON.stringify(row.schema));
    const table = String(row.table_name);
    running.add(key);
    try {
      const answer = await describeChange(
        { ctx, table: deps.table, target, policy: deps.policy },
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
      ).catch((error: unknown) => {
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
