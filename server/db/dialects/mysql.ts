import { createPool, type Pool, type PoolConnection } from 'mysql2';
import { CompiledQuery, MysqlDialect, sql, type Kysely } from 'kysely';
import { DEFAULT_POOL, errorField, type DialectSpec } from './types';

export const mysql: DialectSpec = {
  name: 'mysql',
  open(url, settings = DEFAULT_POOL) {
    // mysql2 only knows the mysql: scheme; MariaDB speaks the same protocol.
    const uri = url.replace(/^mariadb:/i, 'mysql:');
    const pool = createPool({
      uri,
      charset: 'utf8mb4',
      supportBigNumbers: true,
      connectionLimit: settings.size,
      // As PostgreSQL's: an unreachable database fails the request after this (503, not a hang).
      connectTimeout: settings.acquireTimeoutMs,
    });
    limitStatements(pool, settings.statementTimeoutMs);
    return new MysqlDialect({ pool: withAcquireTimeout(pool, settings.acquireTimeoutMs) });
  },
  likeOperator: 'like',
  bigText: sql`mediumtext`,
  tableOptions: sql`default character set utf8mb4 collate utf8mb4_unicode_ci`,
  transactionalDdl: false,
  async ensureLiveUniqueIndex(db, table, index, columns) {
    // No partial indexes here: a virtual column holds the value only while the row is live, and
    // the unique index covers it (NULLs never collide). The column shares the index's name and
    // is never selected, since the API only reads registered columns.
    const field = columns[columns.length - 1];
    const { rows } = await sql<{ n: number }>`select count(*) as n from information_schema.columns
      where table_schema = database() and table_name = ${table} and column_name = ${index}`.execute(db);
    if (Number(rows[0]?.n ?? 0) === 0) {
      await db.schema
        .alterTable(table)
        .addColumn(index, 'varchar(255)', (col) =>
          col.generatedAlwaysAs(sql`case when ${sql.ref('is_deleted')} = 0 then ${sql.ref(field)} end`),
        )
        .execute();
    }
    const existing = await sql<{ n: number }>`select count(*) as n from information_schema.statistics
      where table_schema = database() and table_name = ${table} and index_name = ${index}`.execute(db);
    if (Number(existing.rows[0]?.n ?? 0) === 0) {
      await db.schema
        .createIndex(index)
        .unique()
        .on(table)
        .columns([...columns.slice(0, -1), index])
        .execute();
    }
  },
  classifyError(error) {
    const errno = errorField(error, 'errno');
    const message = String(errorField(error, 'message') ?? '');
    if (errno === 1062) {
      // "Duplicate entry 'x' for key 'idx'" (MySQL 8 writes 'table.idx').
      const match = /Duplicate entry '(.*)' for key '(?:[^'.]+\.)?([^']+)'/.exec(message);
      return { kind: 'duplicate', value: match?.[1], index: match?.[2] };
    }
    if (errno === 1146) {
      const table = /Table '(?:[^'.]+\.)?([^']+)' doesn't exist/.exec(message);
      return { kind: 'missingTable', table: table?.[1] };
    }
    return undefined;
  },
  sqlMode: {
    // MariaDB's grammar is the wider one; the statement is re-generated from the tree either way.
    parserDatabase: 'mariadb',
    quoteColumns: false,
    backslashEscapes: true,
    quote: (name) => `\`${name}\``,
    cteSource: (quoted) => quoted,
    runReadOnly: (db, statement, timeoutMs) =>
      db
        .transaction()
        .setAccessMode('read only')
        .execute(async (trx) => {
          const version = String((await sql<{ v: string }>`select version() as v`.execute(trx)).rows[0]?.v);
          // Per-statement limits, so a pooled connection keeps no session setting afterwards.
          const limited = /mariadb/i.test(version)
            ? `SET STATEMENT max_statement_time = ${Math.floor(timeoutMs) / 1000} FOR ${statement}`
            : statement.replace(
                /^\s*(WITH\b.*?\)\s*)?SELECT/is,
                (m) => `${m} /*+ MAX_EXECUTION_TIME(${Math.floor(timeoutMs)}) */`,
              );
          return (await sql.raw(limited).execute(trx)).rows;
        }),
    // MariaDB ER_STATEMENT_TIMEOUT, MySQL ER_QUERY_TIMEOUT
    isTimeout: (error) => errorField(error, 'errno') === 1969 || errorField(error, 'errno') === 3024,
  },
  aggregate: {
    bucket(localMs, unit) {
      // A DATETIME read as UTC: FROM_UNIXTIME would apply the session's time zone.
      const at = sql`date_add(timestamp('1970-01-01 00:00:00'), interval (${localMs} div 1000) second)`;
      if (unit === 'week') return sql<string>`date_format(date_sub(${at}, interval weekday(${at}) day), '%Y-%m-%d')`;
      if (unit === 'quarter') return sql<string>`concat(year(${at}), '-Q', quarter(${at}))`;
      return sql<string>`date_format(${at}, ${sql.lit(MYSQL_BUCKET[unit])})`;
    },
    async runLimited(db, compiled, timeoutMs) {
      if (await isMariaDb(db)) {
        const limited = `SET STATEMENT max_statement_time = ${Math.floor(timeoutMs) / 1000} FOR ${compiled.sql}`;
        return (await db.executeQuery(CompiledQuery.raw(limited, [...compiled.parameters]))).rows;
      }
      // MySQL: the MAX_EXECUTION_TIME hint counts only on the outermost SELECT, which a WITH
      // statement does not start with; the session setting covers the whole statement instead, set
      // and cleared around it on one pooled connection. (Not run here: the project's server is MariaDB.)
      return db.connection().execute(async (conn) => {
        await sql.raw(`set session max_execution_time = ${Math.floor(timeoutMs)}`).execute(conn);
        try {
          return (await conn.executeQuery(compiled)).rows;
        } finally {
          await sql.raw('set session max_execution_time = 0').execute(conn);
        }
      });
    },
  },
};

const MYSQL_BUCKET = { day: '%Y-%m-%d', month: '%Y-%m', year: '%Y' } as const;

/** Whether the server is MariaDB (its per-statement limit differs from MySQL's), asked once per pool. */
const mariaDb = new WeakMap<Kysely<any>, Promise<boolean>>();
function isMariaDb(db: Kysely<any>): Promise<boolean> {
  let known = mariaDb.get(db);
  if (!known) {
    known = sql<{ v: string }>`select version() as v`.execute(db).then((r) => /mariadb/i.test(String(r.rows[0]?.v)));
    mariaDb.set(db, known);
  }
  return known;
}

/**
 * Every new connection gets a per-session statement limit, so a blocked or runaway statement frees
 * its connection (tests/faults/slow-database.test.ts): MariaDB's max_statement_time (seconds, any
 * statement), else MySQL's max_execution_time (milliseconds, SELECTs). SQL mode and aggregates set
 * their own, shorter, limits per statement. A refusal of both leaves the server's default.
 */
function limitStatements(pool: Pool, timeoutMs: number): void {
  pool.on('connection', (connection) => {
    connection.query(`SET SESSION max_statement_time = ${timeoutMs / 1000}`, (error) => {
      if (error) connection.query(`SET SESSION max_execution_time = ${Math.floor(timeoutMs)}`, () => {});
    });
  });
}

/**
 * mysql2's pool queues a request for a connection without any limit; with every connection held
 * by slow statements, requests would wait forever. This one gives up after `timeoutMs` with
 * POOL_ACQUIRE_TIMEOUT (503 P5030, server/db/unavailable.ts); a connection that comes free after
 * that goes straight back to the pool.
 */
function withAcquireTimeout(pool: Pool, timeoutMs: number): Pool {
  const getConnection = pool.getConnection.bind(pool);
  const limited = (callback: (error: NodeJS.ErrnoException | null, connection: PoolConnection) => void) => {
    let settled = false;
    const timer = setTimeout(() => {
      settled = true;
      const error = Object.assign(new Error(`no database connection came free within ${timeoutMs} ms`), {
        code: 'POOL_ACQUIRE_TIMEOUT',
      });
      callback(error, undefined as never);
    }, timeoutMs);
    getConnection((error, connection) => {
      if (settled) {
        if (!error) connection.release();
        return;
      }
      settled = true;
      clearTimeout(timer);
      callback(error, connection);
    });
  };
  pool.getConnection = limited as Pool['getConnection'];
  return pool;
}
