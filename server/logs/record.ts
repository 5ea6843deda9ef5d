/**
 * The logs' seam (docs/logs.md): every feature that changes data or signs someone in writes here.
 * An operation entry is written on the caller's transaction when it has one (the data change and
 * its entry commit or roll back together; one insert, no extra round trip per record), and its
 * values are redacted first (redact.ts). A sign-in entry is written after the outcome is known;
 * a failure to write it is logged and never turns a sign-in answer into an error.
 */
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { ApiError } from '../errors';
import { changedFields, diffMarkdown, type Values } from './diff';
import { redact } from './redact';

export type OperationAction = 'create' | 'update' | 'delete' | 'import' | 'schema-save' | 'admin-change';

export interface OperationEntry {
  /** From the session, never from the request body. */
  appId: string;
  userId: string | null;
  action: OperationAction;
  /** The table (or schema kind: module, dashboard, page) the change is about. */
  table?: string;
  recordId?: string | null;
  before?: Values;
  after?: Values;
  /** A field's title for the diff (the module's field titles); the key when absent. */
  titleOf?: (key: string) => string;
}

/** Rows per insert: well under every database's bound-parameter limit. */
const CHUNK = 50;

const cut = (text: string | undefined, max: number) => (text ? text.slice(0, max) : null);

/** X-Request-Id when the proxy sent one (letters, digits, - _ . only), else Fastify's own id. */
export function requestIdOf(request: FastifyRequest): string {
  const header = request.headers['x-request-id'];
  const given = typeof header === 'string' && /^[\w.-]{1,64}$/.test(header) ? header : undefined;
  return given ?? String(request.id).slice(0, 64);
}

function userAgentOf(request: FastifyRequest): string | null {
  const header = request.headers['user-agent'];
  return cut(typeof header === 'string' ? header : undefined, 512);
}

function operationRow(ctx: ServerContext, request: FastifyRequest, entry: OperationEntry, now: number) {
  const before = entry.before ? (redact(entry.before) as Values) : undefined;
  const after = entry.after ? (redact(entry.after) as Values) : undefined;
  const changes = diffMarkdown(changedFields(before, after), entry.titleOf);
  return {
    id: newId(),
    app_id: entry.appId,
    ...insertAudit(entry.userId, now),
    user_id: entry.userId,
    action: entry.action,
    table_name: cut(entry.table, 128),
    record_id: cut(entry.recordId ?? undefined, 255),
    ip: cut(request.ip, 64),
    user_agent: userAgentOf(request),
    request_id: requestIdOf(request),
    before_data: before ? JSON.stringify(before) : null,
    after_data: after ? JSON.stringify(after) : null,
    // Plain markdown without `%`: the markdown widget reads it as stored, exports stay readable (diff.ts).
    changes: changes ?? null,
  };
}

/** Operation-log entries on `db` (pass the transaction of the change they record). */
export async function recordOperations(
  ctx: ServerContext,
  db: Kysely<any>,
  request: FastifyRequest,
  entries: OperationEntry[],
): Promise<void> {
  const now = ctx.now();
  const rows = entries.map((entry) => operationRow(ctx, request, entry, now));
  for (let i = 0; i < rows.length; i += CHUNK)
    await db
      .insertInto(ctx.tables.audit_log)
      .values(rows.slice(i, i + CHUNK))
      .execute();
}

export function recordOperation(
  ctx: ServerContext,
  db: Kysely<any>,
  request: FastifyRequest,
  entry: OperationEntry,
): Promise<void> {
  return recordOperations(ctx, db, request, [entry]);
}

export type SignInMethod = 'password' | 'sms' | 'dingtalk';

export interface SignInEntry {
  appId: string;
  method: SignInMethod;
  /** The account name or mobile as typed (trimmed); never a password or code. */
  account?: string;
  /** Set by the handler once it knows whose account it is. */
  userId?: string;
}

/** One sign-in-log row; `reason` is the refusal's message key (server.auth.failed, …). */
export async function recordSignIn(
  ctx: ServerContext,
  request: FastifyRequest,
  entry: SignInEntry & { success: boolean; reason?: string },
): Promise<void> {
  const now = ctx.now();
  try {
    await ctx.db.db
      .insertInto(ctx.tables.signin_log)
      .values({
        id: newId(),
        app_id: entry.appId,
        ...insertAudit(entry.userId ?? null, now),
        user_id: entry.userId ?? null,
        account: cut(entry.account, 64),
        method: entry.method,
        success: entry.success ? 1 : 0,
        reason: cut(entry.reason, 64),
        ip: cut(request.ip, 64),
        user_agent: userAgentOf(request),
      })
      .execute();
  } catch (error) {
    request.log.warn({ err: error }, 'sign-in log not written');
  }
}

/**
 * Runs a sign-in handler (after its app is known) and logs its outcome: success, or failure with
 * the refusal's message key; the error is thrown on unchanged.
 */
export async function withSignInLog<T>(
  ctx: ServerContext,
  request: FastifyRequest,
  entry: SignInEntry,
  run: (entry: SignInEntry) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await run(entry);
  } catch (error) {
    const reason = error instanceof ApiError ? error.key : 'error.server';
    await recordSignIn(ctx, request, { ...entry, success: false, reason });
    throw error;
  }
  await recordSignIn(ctx, request, { ...entry, success: true });
  return result;
}

export interface SchemaSaveEntry {
  appId: string;
  userId: string;
  /** module, dashboard or page. */
  kind: string;
  /** The head's id (a page's key). */
  id: string;
  /** The version the save wrote (0: a page reset to its committed file). */
  version: number;
  /** What the save was: designer, rollback, import, reset… */
  provenance?: string;
}

/**
 * A schema save's entry, after the store committed it (its own transactions, DDL included): the
 * schema itself stays in the version history; the log says who saved which version when. A failure
 * to write it is logged, not answered: the save did happen.
 */
export async function recordSchemaSave(
  ctx: ServerContext,
  request: FastifyRequest,
  entry: SchemaSaveEntry,
): Promise<void> {
  try {
    await recordOperation(ctx, ctx.db.db, request, {
      appId: entry.appId,
      userId: entry.userId,
      action: 'schema-save',
      table: entry.kind,
      recordId: entry.id,
      before: entry.version > 1 ? { version: entry.version - 1 } : undefined,
      after: { version: entry.version, ...(entry.provenance ? { provenance: entry.provenance } : {}) },
    });
  } catch (error) {
    request.log.warn({ err: error }, 'operation log not written');
  }
}

/** Logs a schema store's save answer (not a dry run) and hands it back: `ok(request, await loggedSave(…))`. */
export async function loggedSave<R extends { id: string; version: number; dryRun?: true }>(
  ctx: ServerContext,
  request: FastifyRequest,
  who: { app: { id: string }; user: { id: string } },
  kind: string,
  result: R,
  provenance?: string,
): Promise<R> {
  if (!result.dryRun)
    await recordSchemaSave(ctx, request, {
      appId: who.app.id,
      userId: who.user.id,
      kind,
      id: result.id,
      version: result.version,
      provenance,
    });
  return result;
}

/** One admin write outside the common API (the sys, sms and api pages): what changed on which row. */
export interface AdminChangeEntry {
  appId: string;
  userId: string;
  /** The table (or settings record kind) the change is about. */
  table: string;
  recordId: string;
  /** Absent for a creation; the answer view of the row, never a sealed secret (redacted anyway). */
  before?: Values;
  /** Absent for a deletion. */
  after?: Values;
}

/**
 * Writes `admin-change` entries after the change committed (the settings and sms stores commit on
 * their own); values are redacted like every entry. A failed log write is logged at warn level and
 * never answered as an error: the change did happen.
 */
export async function recordAdminChanges(
  ctx: ServerContext,
  request: FastifyRequest,
  entries: AdminChangeEntry[],
): Promise<void> {
  if (!entries.length) return;
  try {
    await recordOperations(
      ctx,
      ctx.db.db,
      request,
      entries.map((entry) => ({ ...entry, action: 'admin-change' as const })),
    );
  } catch (error) {
    request.log.warn({ err: error }, 'operation log not written');
  }
}
