/**
 * Per-user preferences (building-blocks §2: column show/hide follows the user to another browser).
 * GET /api/prefs/:key → the stored JSON value or null; PUT /api/prefs/:key { value } stores it.
 * The user and app come from the session only; the key is a closed pattern (it is data, never an
 * identifier in SQL); the value is any JSON up to 16 KB once serialised.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { userPrefTable } from '../db/migrations/0003-user-prefs';
import { badRequest } from '../errors';
import { strictObject } from '../http/shapes';
import { ERROR_KEY, MISSING_KEY } from '../http/validation';
import { ok } from '../reply';

export const PREF_KEY_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}(:[A-Za-z0-9_.-]{1,63})?$/;
export const PREF_MAX_BYTES = 16 * 1024;

const PARAMS = strictObject(
  {
    key: {
      type: 'string',
      pattern: PREF_KEY_PATTERN.source,
      [ERROR_KEY]: 'list.prefs.badKey',
      description: 'The preference, e.g. columns:customer',
    },
  },
  'The preference addressed',
);
const BODY = strictObject(
  { value: { [MISSING_KEY]: 'list.prefs.noValue', description: 'Any JSON value up to 16 KB once serialised' } },
  'The value to store',
);

function keyOf(request: FastifyRequest): string {
  return (request.params as { key: string }).key;
}

export function registerPrefsRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const table = userPrefTable(ctx.config.tablePrefix);
  const db = ctx.db.db;

  app.get('/api/prefs/:key', { schema: { params: PARAMS } }, async (request) => {
    const { user, app: tenant } = requireAuth(request);
    const key = keyOf(request);
    const row = await db
      .selectFrom(table)
      .select('value')
      .where('app_id', '=', tenant.id)
      .where('user_id', '=', user.id)
      .where('pref_key', '=', key)
      .executeTakeFirst();
    return ok(request, row ? (JSON.parse(String(row.value)) as unknown) : null);
  });

  app.put('/api/prefs/:key', { schema: { params: PARAMS, body: BODY } }, async (request) => {
    const { user, app: tenant } = requireAuth(request);
    const key = keyOf(request);
    const body = request.body as { value: unknown };
    const text = JSON.stringify(body.value);
    if (Buffer.byteLength(text, 'utf8') > PREF_MAX_BYTES) throw badRequest('list.prefs.tooLarge');
    const scope = { app_id: tenant.id, user_id: user.id, pref_key: key };
    const now = ctx.now();
    // Look-then-write is portable across the three dialects (no shared upsert syntax; MySQL counts
    // an UPDATE that changes nothing as 0 rows, so the update's count cannot decide). A concurrent
    // first write loses to the primary key instead of duplicating the row.
    await db.transaction().execute(async (trx) => {
      const where = <Q extends { where: (...args: any[]) => Q }>(q: Q) =>
        q
          .where('app_id', '=', scope.app_id)
          .where('user_id', '=', scope.user_id)
          .where('pref_key', '=', scope.pref_key);
      const found = await where(trx.selectFrom(table).select('pref_key')).executeTakeFirst();
      if (found) await where(trx.updateTable(table).set({ value: text, update_at: now })).execute();
      else
        await trx
          .insertInto(table)
          .values({ ...scope, value: text, update_at: now })
          .execute();
    });
    return ok(request, body.value);
  });
}
