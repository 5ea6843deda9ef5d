import pg from 'pg';
import Cursor from 'pg-cursor';
import { PostgresDialect, sql } from 'kysely';
import { errorField, type DialectSpec } from './types';

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
  open(url) {
    // cursor: Kysely's .stream() reads through a server-side cursor (exports of 100k rows).
    const pool = new pg.Pool({ connectionString: url, max: 10, types });
    // An idle connection the server ends (a restart, pg_terminate_backend, a dropped database) makes
    // the pool emit 'error'; unheard, that event would crash the whole process. The pool has already
    // discarded the connection and opens a new one on the next query, so a warning is all it needs.
    pool.on('error', (error) => process.emitWarning(`PostgreSQL closed an idle connection: ${error.message}`));
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
};
