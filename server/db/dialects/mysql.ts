import { createPool } from 'mysql2';
import { MysqlDialect, sql } from 'kysely';
import { errorField, type DialectSpec } from './types';

export const mysql: DialectSpec = {
  name: 'mysql',
  open(url) {
    // mysql2 only knows the mysql: scheme; MariaDB speaks the same protocol.
    const uri = url.replace(/^mariadb:/i, 'mysql:');
    const pool = createPool({
      uri,
      charset: 'utf8mb4',
      supportBigNumbers: true,
      connectionLimit: 10,
    });
    return new MysqlDialect({ pool });
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
};
