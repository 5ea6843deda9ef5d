/**
 * POST common/executeSql { sql }: SQL mode (building-blocks §7), for admins only. The statement is
 * checked by execute-sql-parse.ts (one SELECT, registry tables, allowed functions, row cap) and
 * every table it names is bound to a CTE of the same name that holds only the app's live rows and
 * registered columns, so no other app's row and no secret column is reachable. It runs read-only
 * with a time limit, each database's way in its dialect file (server/db/dialects/, `sqlMode`):
 * PostgreSQL in a READ ONLY transaction with statement_timeout; MySQL/MariaDB in a READ ONLY
 * transaction with max_statement_time (MariaDB) or max_execution_time (MySQL); SQLite in a child
 * process on a read-only connection that is killed at the time limit (sqlite-sql-worker-client.ts),
 * except an in-memory database, which only the server's own connection can see: that runs
 * in-process under PRAGMA query_only with no time limit. A statement
 * stopped by its time limit answers sql.timeout on every database. Every call, refused or not, is
 * written to audit_log.
 */
import { createHash } from 'node:crypto';
import { resolve } from 'node:path';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ResultCode } from '../../protocol/codes';
import { MAX_PAGE_SIZE } from '../../protocol/constants';
import { requireAuth, type RequestAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import type { Db } from '../db/create-db';
import type { SqlModeSpec } from '../db/dialects/types';
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

/** WITH <name> AS (SELECT <registered columns> FROM <physical> WHERE app_id = '<app>' AND is_deleted = 0), ... */
function scopedCtes(mode: SqlModeSpec, tables: TableInfo[], appId: string): string {
  // The app id comes from the session and is checked against a plain pattern before it is inlined.
  if (!APP_ID.test(appId)) throw new Error('unexpected app id');
  const q = mode.quote;
  const ctes = tables.map((table) => {
    const columns = [...table.columns.keys()].map(q).join(', ');
    const source = mode.cteSource(q(table.physical));
    return `${q(table.name)} AS (SELECT ${columns} FROM ${source} WHERE ${q('app_id')} = '${appId}' AND ${q('is_deleted')} = 0)`;
  });
  return `WITH ${ctes.join(', ')} `;
}

export interface RunOptions {
  timeoutMs: number;
  /** SQLite on a file: the worker process that runs the statement (the dialect's workerFile). */
  sqliteWorker?: SqliteSqlWorker;
}

/** Runs one statement read-only with the time limit (exported for the read-only test). */
export async function runReadOnly(database: Db, statement: string, options: RunOptions): Promise<Row[]> {
  const { timeoutMs, sqliteWorker } = options;
  if (sqliteWorker) return (await sqliteWorker.run(statement, { timeoutMs, cap: SQL_ROW_CAP })) as Row[];
  return (await database.spec.sqlMode.runReadOnly(database.db, statement, timeoutMs)) as Row[];
}

/** SQLite on a file gets a worker process (forked on first use, closed with the server). */
function sqliteWorkerFor(app: FastifyInstance, ctx: ServerContext): SqliteSqlWorker | undefined {
  const file = ctx.db.spec.sqlMode.workerFile?.(ctx.config.databaseUrl);
  if (!file) return undefined;
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
      const statement = scopedCtes(ctx.db.spec.sqlMode, infos, auth.app.id) + checked.sql;
      outcome = 'failed';
      try {
        rows = await runReadOnly(ctx.db, statement, { timeoutMs, sqliteWorker });
      } catch (error) {
        const timedOut = error instanceof SqlTimeoutError || ctx.db.spec.sqlMode.isTimeout(error);
        const failure = timedOut
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
