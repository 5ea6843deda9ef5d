import pg from 'pg';
import Cursor from 'pg-cursor';
import { PostgresDialect, sql } from 'kysely';
import { DEFAULT_POOL, errorField, type DialectSpec } from './types';

const INT8_OID = 20;

// BIGINT comes back as a string by default (it can exceed 2^53); ours hold ms timestamps and
// counts, which are safe integers, so every caller gets numbers as on the other databases.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID) return (value: string) => Number(value);
    return pg.types.getTypeParser(oid, format as 'text');
  },
};

export const postgres: DialectSpec = {
  name: 'postgres',
  open(url, settings = DEFAULT_POOL) {
    // cursor: Kysely's .stream() reads through a server-side cursor (exports of 100k rows).
    // connectionTimeoutMillis bounds both opening a connection and waiting in the pool's queue for
    // one: an unreachable or saturated database fails the request after it (503 P5030,
    // server/db/unavailable.ts) instead of holding it. statement_timeout (per connection) stops a
    // blocked or runaway statement, so slow requests cannot keep every connection; statements that
    // set their own limit (SQL mode, aggregates: SET LOCAL) keep theirs.
    const pool = new pg.Pool({
      connectionString: url,
      max: settings.size,
      types,
      connectionTimeoutMillis: settings.acquireTimeoutMs,
      statement_timeout: settings.statementTimeoutMs,
    });
    // An idle connection the server ends (a restart, pg_terminate_backend, a dropped database) makes
    // the pool emit 'error'; unheard, that event would crash the whole process. The pool has already
    // discarded the connection and opens a new one on the next query, so a warning is all it needs.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
    // The same for a connection that is checked out between two queries (a transaction, a cursor)
    // when the server goes away: pg emits 'error' on the client, and with no listener that is an
    // uncaught exception. The query in flight, if any, is rejected on its own (and answers 503).
    pool.on('connect', (client) =>
      client.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`)),
    );
    return new PostgresDialect({ pool, cursor: Cursor });
  },
  likeOperator: 'ilike',
  bigText: 'text',
  transactionalDdl: true,
  async ensureLiveUniqueIndex(db, table, index, columns) {
    await db.schema
      .createIndex(index)
      .ifNotExists()
      .unique()
      .on(table)
      .columns(columns)
      .where(sql.ref('is_deleted'), '=', 0)
      .execute();
  },
  classifyError(error) {
    const code = errorField(error, 'code');
    if (code === '23505') {
      // detail: Key (app_id, name)=(abc, 张三) already exists.
      const detail = /Key \((.*)\)=\((.*)\) already exists/.exec(String(errorField(error, 'detail') ?? ''));
      const columns = detail ? detail[1].split(',').map((c) => c.trim().replace(/"/g, '')) : undefined;
      const values = detail ? detail[2].split(', ') : undefined;
      return {
        kind: 'duplicate',
        index: String(errorField(error, 'constraint') ?? '') || undefined,
        columns,
        value: values?.[values.length - 1],
      };
    }
    if (code === '42P01') {
      const table = /relation "(?:\w+\.)?(\w+)" does not exist/.exec(String(errorField(error, 'message') ?? ''));
      return { kind: 'missingTable', table: table?.[1] };
    }
    return undefined;
  },
  sqlMode: {
    parserDatabase: 'postgresql',
    quoteColumns: true,
    backslashEscapes: false,
    quote: (name) => `"${name}"`,
    cteSource: (quoted) => quoted,
    runReadOnly: (db, statement, timeoutMs) =>
      db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          await sql.raw(`set local statement_timeout = ${Math.floor(timeoutMs)}`).execute(trx);
          return (await sql.raw(statement).execute(trx)).rows;
        }),
    // query_canceled
    isTimeout: (error) => errorField(error, 'code') === '57014',
  },
  aggregate: {
    bucket(localMs, unit) {
      const at = sql`(to_timestamp(${localMs}::double precision / 1000) at time zone 'UTC')`;
      if (unit === 'week') return sql<string>`to_char(date_trunc('week', ${at}), 'YYYY-MM-DD')`;
      return sql<string>`to_char(${at}, ${sql.lit(PG_BUCKET[unit])})`;
    },
    // statement_timeout is set for exactly this statement's transaction (SET LOCAL).
    runLimited: (db, compiled, timeoutMs) =>
      db.transaction().execute(async (trx) => {
        await sql.raw(`set local statement_timeout = ${Math.floor(timeoutMs)}`).execute(trx);
        return (await trx.executeQuery(compiled)).rows;
      }),
  },
};

/** to_char patterns of the buckets (week is date_trunc's, Monday first). */
const PG_BUCKET = { day: 'YYYY-MM-DD', month: 'YYYY-MM', quarter: 'YYYY-"Q"Q', year: 'YYYY' } as const;
