/**
 * Calls the shell makes besides CRUD (docs/auth.md): the to-do count of the bell and the
 * complete-info record (`{prefix}customer`, one per user). Registered as static routes, so they
 * win over the common API's `:table` parameter.
 */
import type { FastifyInstance } from 'fastify';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { authTables } from '../db/migrations/0004-shell-auth';
import { insertAudit } from '../db/tables';
import { badRequest } from '../errors';
import { ok } from '../reply';

/** The complete-info choices (platform-shell §3), as stored codes. */
export const CUSTOMER_CHOICES = {
  biz_type: ['mini_program', 'mobile_app', 'website_app', 'none'],
  role_type: ['operator', 'developer', 'third_party'],
  dev_team: ['institution', 'individual', 'outsourcing'],
} as const;
const MULTI = new Set(['biz_type', 'role_type']);
const FIELDS = ['name', 'biz_type', 'role_type', 'dev_team'] as const;
type CustomerField = (typeof FIELDS)[number];

function choices(value: unknown): string[] {
  const list = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return list.map((v) => (typeof v === 'string' ? v.trim() : '')).filter(Boolean);
}

/** The form's values, or P4000: 请填写必填项 when any field is empty, else the first bad value. */
export function customerValues(body: unknown): Record<CustomerField, string> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw badRequest('server.bodyNotObject');
  const record = body as Record<string, unknown>;
  const ignored = new Set(['id', 'app_id', 'create_by', 'create_at', 'update_by', 'update_at', 'is_deleted']);
  for (const key of Object.keys(record))
    if (!ignored.has(key) && !(FIELDS as readonly string[]).includes(key))
      throw badRequest('server.unknownField', { key });
  const name = typeof record.name === 'string' ? record.name.trim() : '';
  const picked = {
    biz_type: choices(record.biz_type),
    role_type: choices(record.role_type),
    dev_team: choices(record.dev_team),
  };
  if (!name || Object.values(picked).some((list) => list.length === 0)) throw badRequest('auth.fillRequired');
  if (name.length > 255) throw badRequest('server.tooLong', { key: 'name', max: 255 });
  for (const [key, list] of Object.entries(picked) as [keyof typeof picked, string[]][]) {
    const allowed = CUSTOMER_CHOICES[key] as readonly string[];
    if ((!MULTI.has(key) && list.length > 1) || list.some((v) => !allowed.includes(v)))
      throw badRequest('server.invalidValue', { key });
  }
  return {
    name,
    biz_type: [...new Set(picked.biz_type)].join(','),
    role_type: [...new Set(picked.role_type)].join(','),
    dev_team: picked.dev_team[0],
  };
}

export function registerShellRoutes(app: FastifyInstance, ctx: ServerContext): void {
  const t = authTables(ctx.config.tablePrefix);
  const db = () => ctx.db.db;

  app.get('/api/flows/todocount', async (request) => {
    const auth = requireAuth(request);
    const row = await db()
      .selectFrom(t.todo)
      .select((eb) => eb.fn.countAll().as('n'))
      .where('app_id', '=', auth.app.id)
      .where('assignee_id', '=', auth.user.id)
      .where('status', '=', 0)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return ok(request, Number(row?.n ?? 0));
  });

  app.post(`/api/common/${t.customer}/list`, async (request) => {
    const auth = requireAuth(request);
    const rows = await db()
      .selectFrom(t.customer)
      .select(['id', 'name', 'biz_type', 'role_type', 'dev_team', 'create_by', 'create_at'])
      .where('app_id', '=', auth.app.id)
      .where('create_by', '=', auth.user.id)
      .where('is_deleted', '=', 0)
      .orderBy('create_at', 'desc')
      .execute();
    const list = rows.map((r) => ({ ...r, create_at: Number(r.create_at) }));
    return ok(request, { list, total: list.length });
  });

  app.post(`/api/common/${t.customer}`, async (request) => {
    const auth = requireAuth(request);
    const values = customerValues(request.body);
    const id = newId();
    // One record per user: the check and the insert share a transaction.
    await db()
      .transaction()
      .execute(async (trx) => {
        const existing = await trx
          .selectFrom(t.customer)
          .select('id')
          .where('app_id', '=', auth.app.id)
          .where('create_by', '=', auth.user.id)
          .where('is_deleted', '=', 0)
          .executeTakeFirst();
        if (existing) throw badRequest('auth.customerExists');
        await trx
          .insertInto(t.customer)
          .values({ id, app_id: auth.app.id, ...insertAudit(auth.user.id, ctx.now()), ...values })
          .execute();
      });
    return ok(request, { id });
  });
}
