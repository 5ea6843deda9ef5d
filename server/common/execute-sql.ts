/**
 * POST common/executeSql { sql }: SQL mode (building-blocks §7), for admins only. The statement is
 * checked by execute-sql-parse.ts (one SELECT, registry tables, allowed functions, row cap) and
 * every table it names is bound to a CTE of the same name that holds only the app's live rows and
 * registered columns, so no other app's row and no secret column is reachable. It runs read-only
 * with a time limit: PostgreSQL in a READ ONLY transaction with statement_timeout; MySQL/MariaDB
 * in a READ ONLY transaction with max_statement_time (MariaDB) or max_execution_time (MySQL);
 * SQLite in a child process on a read-only connection that is killed at the time limit
 * (sqlite-sql-worker-client.ts), except an in-memory database, which only the server's own
 * connection can see: that runs in-process under PRAGMA query_only with no time limit. A statement
 * stopped by its time limit answers sql.timeout on every database. Every call, refused or not, is
 * written to audit_log.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { MAX_PAGE_SIZE } from '../../protocol/constants';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import type { Db } from '../db/create-db';
import { sqliteFile } from '../db/dialects/sqlite';
import { errorField } from '../db/dialects/types';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { ApiError, badRequest } from '../errors';
import type { TableInfo } from '../modules/table-info';
import { ok } from '../reply';
import { checkSelect } from './execute-sql-parse';
import { SqliteSqlWorker, SqlTimeoutError } from './sqlite-sql-worker-client';
import { checkStorableText, isPlainObject, type Row } from './values';

export const SQL_ROW_CAP = MAX_PAGE_SIZE;
/** Default time limit of one statement; SQL_TIMEOUT_MS (server/config.ts) overrides it. */
export const SQL_TIMEOUT_MS = 5000;
export const SQL_MAX_LENGTH = 20_000;
const APP_ID = /^[A-Za-z0-9_-]{1,64}$/;

type Outcome = 'ok' | 'refused' | 'forbidden' | 'failed';

function quote(dialect: string, name: string): string {
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

/** WITH <name> AS (SELECT <registered columns> FROM <physical> WHERE app_id = '<app>' AND is_deleted = 0), ... */
function scopedCtes(dialect: string, tables: TableInfo[], appId: string): string {
  // The app id comes from the session and is checked against a plain pattern before it is inlined.
  if (!APP_ID.test(appId)) throw new Error('unexpected app id');
  const q = (n: string) => quote(dialect, n);
  const ctes = tables.map((table) => {
    const columns = [...table.columns.keys()].map(q).join(', ');
    // SQLite reads a CTE's own name inside it as a (recursive) self-reference: name the schema.
    const source = dialect === 'sqlite' ? `main.${q(table.physical)}` : q(table.physical);
    return `${q(table.name)} AS (SELECT ${columns} FROM ${source} WHERE ${q('app_id')} = '${appId}' AND ${q('is_deleted')} = 0)`;
  });
  return `WITH ${ctes.join(', ')} `;
}

export interface RunOptions {
  timeoutMs: number;
  /** SQLite: the worker that runs the statement; without one it runs in-process, unlimited. */
  sqliteWorker?: SqliteSqlWorker;
}

/** PostgreSQL query_canceled, MariaDB ER_STATEMENT_TIMEOUT, MySQL ER_QUERY_TIMEOUT. */
function isTimeout(error: unknown): boolean {
  if (error instanceof SqlTimeoutError) return true;
  const code = errorField(error, 'code');
  const errno = errorField(error, 'errno');
  return code === '57014' || errno === 1969 || errno === 3024;
}

/** Runs one statement read-only with the time limit (exported for the read-only test). */
export async function runReadOnly(database: Db, statement: string, options: RunOptions): Promise<Row[]> {
  const { db, dialect } = database;
  const { timeoutMs } = options;
  if (dialect === 'sqlite') {
    if (options.sqliteWorker)
      return (await options.sqliteWorker.run(statement, { timeoutMs, cap: SQL_ROW_CAP })) as Row[];
    // In-memory database: one connection, query_only on for exactly this statement, whatever it throws.
    return db.connection().execute(async (conn: Kysely<any>) => {
      await sql`pragma query_only = 1`.execute(conn);
      try {
        return (await sql.raw(statement).execute(conn)).rows as Row[];
      } finally {
        await sql`pragma query_only = 0`.execute(conn);
      }
    });
  }
  return db
    .transaction()
    .setAccessMode('read only')
    .execute(async (trx) => {
      if (dialect === 'postgres') {
        await sql.raw(`set local statement_timeout = ${Math.floor(timeoutMs)}`).execute(trx);
        return (await sql.raw(statement).execute(trx)).rows as Row[];
      }
      const version = String(((await sql`select version() as v`.execute(trx)).rows[0] as Row).v);
      // Per-statement limits, so a pooled connection keeps no session setting afterwards.
      const limited = /mariadb/i.test(version)
        ? `SET STATEMENT max_statement_time = ${Math.floor(timeoutMs) / 1000} FOR ${statement}`
        : statement.replace(
            /^\s*(WITH\b.*?\)\s*)?SELECT/is,
            (m) => `${m} /*+ MAX_EXECUTION_TIME(${Math.floor(timeoutMs)}) */`,
          );
      return (await sql.raw(limited).execute(trx)).rows as Row[];
    });
}

/** SQLite on a file gets a worker process (forked on first use, closed with the server). */
function sqliteWorkerFor(app: FastifyInstance, ctx: ServerContext): SqliteSqlWorker | undefined {
  if (ctx.db.dialect !== 'sqlite') return undefined;
  const file = sqliteFile(ctx.config.databaseUrl);
  if (file === ':memory:') return undefined;
  const worker = new SqliteSqlWorker(resolve(file));
  app.addHook('onClose', () => worker.close());
  return worker;
}

async function auditSql(
  ctx: ServerContext,
  request: FastifyRequest,
  auth: RequestAuth,
  text: string,
  entry: { outcome: Outcome; rows: number; ms: number; tables: string[]; code?: string },
): Promise<void> {
  const hash = createHash('sha256').update(text).digest('hex');
  await ctx.db.db
    .insertInto(ctx.tables.audit_log)
    .values({
      id: newId(),
      app_id: auth.app.id,
      ...insertAudit(auth.user.id, ctx.now()),
      user_id: auth.user.id,
      action: 'executeSql',
      table_name: entry.tables.join(',').slice(0, 128) || null,
      record_id: hash,
      detail: JSON.stringify({ sql: text.slice(0, 4000), sha256: hash, ...entry }),
      ip: request.ip,
    })
    .execute();
}

export function registerExecuteSql(app: FastifyInstance, ctx: ServerContext): void {
  const timeoutMs = ctx.config.sqlTimeoutMs ?? SQL_TIMEOUT_MS;
  const sqliteWorker = sqliteWorkerFor(app, ctx);
  app.post('/api/common/executeSql', async (request) => {
    const auth = requireAuth(request);
    const started = performance.now();
    const body = request.body;
    const text = isPlainObject(body) && typeof body.sql === 'string' ? body.sql : '';
    let outcome: Outcome = 'refused';
    let rows: Row[];
    let tables: string[] = [];
    let code: string | undefined;
    try {
      if (!auth.isAdmin) {
        outcome = 'forbidden';
        throw new ApiError(ResultCode.FORBIDDEN, 'sql.adminOnly');
      }
      if (!text.trim()) throw badRequest('server.invalidValue', { key: 'sql' });
      if (text.length > SQL_MAX_LENGTH) throw badRequest('server.tooLong', { key: 'sql', max: SQL_MAX_LENGTH });
      checkStorableText('sql', text);
      const checked = checkSelect(text, ctx.db.dialect, SQL_ROW_CAP);
      tables = checked.tables;
      const infos: TableInfo[] = [];
      for (const name of tables) {
        const info = await ctx.registry.resolve(auth.app, name);
        if (!info) throw badRequest('sql.forbiddenTable', { name });
        infos.push(info);
      }
      const statement = scopedCtes(ctx.db.dialect, infos, auth.app.id) + checked.sql;
      outcome = 'failed';
      try {
        rows = await runReadOnly(ctx.db, statement, { timeoutMs, sqliteWorker });
      } catch (error) {
        const failure = isTimeout(error)
          ? new ApiError(ResultCode.DATA_ERROR, 'sql.timeout', { seconds: timeoutMs / 1000 })
          : new ApiError(ResultCode.DATA_ERROR, 'sql.failed');
        failure.cause = error;
        throw failure;
      }
      outcome = 'ok';
    } catch (error) {
      code = error instanceof ApiError ? error.code : undefined;
      await auditSql(ctx, request, auth, text, {
        outcome,
        rows: 0,
        ms: Math.round(performance.now() - started),
        tables,
        code,
      });
      throw error;
    }
    await auditSql(ctx, request, auth, text, {
      outcome,
      rows: rows.length,
      ms: Math.round(performance.now() - started),
      tables,
    });
    return ok(request, { list: rows, total: rows.length });
  });
}
