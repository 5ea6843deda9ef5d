/**
 * The message-sending seam (docs/messages.md): flows, scheduled tasks and the admin's send form all
 * call sendMessage. It resolves the recipients (users, users of roles, or everyone of the app — live
 * and enabled users only, always of the caller's app) and writes one row per recipient with the
 * caller's database handle, so the messages commit or roll back with the caller's transaction.
 *
 * The live event must not go out before the rows are committed (a browser would refetch and find
 * nothing), and a transaction has no after-commit hook: so sendMessage returns `publish`, which the
 * caller calls once its transaction committed. `sendMessageNow` does both for a caller with no
 * transaction of its own.
 *
 *   const sent = await ctx.db.db.transaction().execute((trx) => sendMessage(trx, ctx, input));
 *   await sent.publish();
 */
import type { Kysely } from 'kysely';
import type { MessageNewEvent } from '../../protocol/events';
import type { ServerContext } from '../context';
import { messageTable } from '../db/migrations/0026-messages-tasks';
import { newId } from '../db/ids';
import { badRequest } from '../errors';

export type MessageSource = MessageNewEvent['source'];

export interface MessageRecipients {
  userIds?: string[];
  roleIds?: string[];
  /** Every live user of the app. */
  all?: boolean;
}

export interface MessageInput {
  appId: string;
  to: MessageRecipients;
  title: string;
  /** Plain text; shown as text, never as HTML. */
  body: string;
  /** A page of the app to open from the message: a route like `backlog` or `common/<id>?id=…`. */
  link?: string | null;
  source: MessageSource;
  /** Who sent it (an admin, a flow's actor); null for the scheduler. */
  senderId?: string | null;
}

export interface SentMessages {
  batchId: string;
  /** The users who got a row. */
  recipients: string[];
  /** Publishes the live events; call after the transaction that wrote the rows committed. */
  publish(): Promise<void>;
}

/** What the seam needs of the server context. */
export type MessageContext = Pick<ServerContext, 'config' | 'tables' | 'now' | 'bus'>;

export const MAX_TITLE = 200;
export const MAX_BODY = 10_000;
export const MAX_LINK = 500;
/** Rows per INSERT: well under every dialect's bound-parameter limit. */
const INSERT_CHUNK = 200;

/**
 * A link stays inside the app: a route path of letters, digits and `/_-.`, with an optional query.
 * No scheme, no `//`, so a message can never send a user to another site.
 */
const LINK_PATTERN = /^[A-Za-z0-9_][A-Za-z0-9_\-./]*(\?[A-Za-z0-9_\-.=&%]*)?$/;

export function checkMessageText(input: Pick<MessageInput, 'title' | 'body' | 'link'>): void {
  const title = input.title.trim();
  if (!title) throw badRequest('messages.titleRequired');
  if (title.length > MAX_TITLE) throw badRequest('messages.titleTooLong', { max: MAX_TITLE });
  if (input.body.length > MAX_BODY) throw badRequest('messages.bodyTooLong', { max: MAX_BODY });
  const link = input.link ?? '';
  if (link && (link.length > MAX_LINK || !LINK_PATTERN.test(link) || link.includes('//')))
    throw badRequest('messages.badLink');
}

const splitIds = (csv: unknown) =>
  String(csv ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

/** The live, enabled users of the app the message goes to (deduplicated, in a stable order). */
export async function resolveRecipients(
  db: Kysely<any>,
  ctx: Pick<MessageContext, 'tables'>,
  appId: string,
  to: MessageRecipients,
): Promise<string[]> {
  const userIds = [...new Set(to.userIds ?? [])];
  const roleIds = new Set(to.roleIds ?? []);
  if (!to.all && userIds.length === 0 && roleIds.size === 0) return [];
  let query = db
    .selectFrom(ctx.tables.user)
    .select(['id', 'role_ids'])
    .where('app_id', '=', appId)
    .where('is_deleted', '=', 0)
    .where('status', '=', 1);
  // Named users only: let the database pick them. Roles need role_ids read (comma text).
  if (!to.all && roleIds.size === 0) query = query.where('id', 'in', userIds);
  const rows = await query.orderBy('id').execute();
  const wanted = new Set(userIds);
  return rows
    .filter(
      (row) => to.all || wanted.has(String(row.id)) || splitIds(row.role_ids).some((roleId) => roleIds.has(roleId)),
    )
    .map((row) => String(row.id));
}

/**
 * Writes the message for each recipient with `db` (the caller's transaction or the database).
 * Refuses (changing nothing) a blank or oversized title or body, a link leaving the app, and a
 * send that reaches nobody.
 */
export async function sendMessage(db: Kysely<any>, ctx: MessageContext, input: MessageInput): Promise<SentMessages> {
  checkMessageText(input);
  const recipients = await resolveRecipients(db, ctx, input.appId, input.to);
  if (recipients.length === 0) throw badRequest('messages.noRecipients');
  const batchId = newId();
  const now = ctx.now();
  const table = messageTable(ctx.config.tablePrefix);
  const base = {
    app_id: input.appId,
    batch_id: batchId,
    title: input.title.trim(),
    body: input.body,
    link: input.link || null,
    source: input.source,
    sender_id: input.senderId ?? null,
    created_at: now,
    read_at: null,
    is_deleted: 0,
  };
  for (let i = 0; i < recipients.length; i += INSERT_CHUNK) {
    const rows = recipients.slice(i, i + INSERT_CHUNK).map((userId) => ({ ...base, id: newId(), user_id: userId }));
    await db.insertInto(table).values(rows).execute();
  }
  const event = { type: 'message.new', appId: input.appId, batchId, title: base.title, source: input.source } as const;
  return {
    batchId,
    recipients,
    publish: async () => {
      // Everyone: one app-wide event rather than one per user.
      if (input.to.all) return ctx.bus.publish(event);
      for (const userId of recipients) await ctx.bus.publish({ ...event, userId });
    },
  };
}

/** sendMessage in its own transaction, then its events. */
export async function sendMessageNow(
  ctx: MessageContext & Pick<ServerContext, 'db'>,
  input: MessageInput,
): Promise<SentMessages> {
  const sent = await ctx.db.db.transaction().execute((trx) => sendMessage(trx, ctx, input));
  await sent.publish();
  return sent;
}
