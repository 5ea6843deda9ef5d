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
import { strictObject, text } from '../http/shapes';
import { MISSING_KEY } from '../http/validation';
import { ok } from '../reply';

/** The complete-info choices (platform-shell §3), as stored codes. */
export const CUSTOMER_CHOICES = {
  biz_type: ['mini_program', 'mobile_app', 'website_app', 'none'],
  role_type: ['operator', 'developer', 'third_party'],
  dev_team: ['institution', 'individual', 'outsourcing'],
} as const;
type CustomerField = 'name' | 'biz_type' | 'role_type' | 'dev_team';
const FILL_REQUIRED = 'auth.fillRequired';

/**
 * A choice field taking several codes: a list, or the codes as comma-separated text (what the
 * dialog sends). Empty or missing is 请填写必填项, like the dialog's own check.
 */
function choicesField(codes: readonly string[], description: string) {
  const code = `\\s*(${codes.join('|')})\\s*`;
  return {
    type: ['string', 'array'],
    minLength: 1,
    pattern: `^${code}(,${code})*$`,
    items: { enum: [...codes] },
    minItems: 1,
    [MISSING_KEY]: FILL_REQUIRED,
    description,
  } as const;
}

/** A choice field taking one code. */
function choiceField(codes: readonly string[], description: string) {
  return {
    type: 'string',
    minLength: 1,
    pattern: `^\\s*(${codes.join('|')})\\s*$`,
    [MISSING_KEY]: FILL_REQUIRED,
    description,
  } as const;
}

/** Columns a client may send back from a listed row: not the form's, left as they are. */
const ignored = (name: string) => ({ description: `Ignored: ${name} is set by the server` });

/** The complete-info form (platform-shell §3). */
export const CUSTOMER_BODY = strictObject(
  {
    name: { ...text(255, 'The name of the person or organisation'), [MISSING_KEY]: FILL_REQUIRED },
    biz_type: choicesField(CUSTOMER_CHOICES.biz_type, 'Business types, one or more'),
    role_type: choicesField(CUSTOMER_CHOICES.role_type, 'Roles, one or more'),
    dev_team: choiceField(CUSTOMER_CHOICES.dev_team, 'The development team, one'),
    id: ignored('id'),
    app_id: ignored('app_id'),
    create_by: ignored('create_by'),
    create_at: ignored('create_at'),
    update_by: ignored('update_by'),
    update_at: ignored('update_at'),
    is_deleted: ignored('is_deleted'),
  },
  'The complete-info form',
  ['id', 'app_id', 'create_by', 'create_at', 'update_by', 'update_at', 'is_deleted'],
);

/** The customer list takes the common list body; only the caller's own rows are listed anyway. */
const LIST_BODY = { type: ['object', 'null'], description: 'A list query (ignored: the caller’s own rows)' } as const;

/** The codes of a checked choice field, trimmed, without repeats. */
function choices(value: string | string[]): string[] {
  const list = Array.isArray(value) ? value : value.split(',');
  return [...new Set(list.map((v) => v.trim()))];
}

type CustomerBody = { name: string; biz_type: string | string[]; role_type: string | string[]; dev_team: string };

/** A body CUSTOMER_BODY has checked, as the row stores it (choices as comma-separated codes). */
export function customerValues(body: CustomerBody): Record<CustomerField, string> {
  return {
    name: body.name.trim(),
    biz_type: choices(body.biz_type).join(','),
    role_type: choices(body.role_type).join(','),
    dev_team: body.dev_team.trim(),
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

  app.post(`/api/common/${t.customer}/list`, { schema: { body: LIST_BODY } }, async (request) => {
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

  app.post(`/api/common/${t.customer}`, { schema: { body: CUSTOMER_BODY } }, async (request) => {
    const auth = requireAuth(request);
    const values = customerValues(request.body as CustomerBody);
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
