/**
 * The one dialect switch of the code base (DESIGN §2.5): a database URL in, a Kysely instance and
 * the dialect's differences (dialects/types.ts) out. Nothing else branches on the database.
 */
import { Kysely } from 'kysely';
import { mysql } from './dialects/mysql';
import { postgres } from './dialects/postgres';
import { sqlite } from './dialects/sqlite';
import { DEFAULT_POOL, type DialectName, type DialectSpec, type PoolSettings } from './dialects/types';

export type { DialectName, DialectSpec, DbFailure } from './dialects/types';

export interface Db {
  db: Kysely<any>;
  dialect: DialectName;
  spec: DialectSpec;
  destroy(): Promise<void>;
}

/** Each dialect by name, for code that knows the name but not the URL (SQL mode's parser). */
export const DIALECTS: Readonly<Record<DialectName, DialectSpec>> = { sqlite, postgres, mysql };

function specFor(url: string): DialectSpec {
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase();
  switch (scheme) {
    case 'sqlite':
      return sqlite;
    case 'postgres':
    case 'postgresql':
      return postgres;
    case 'mysql':
    case 'mariadb':
      return mysql;
    default:
      throw new Error(
        `Unsupported database URL scheme "${scheme ?? ''}": use sqlite:, postgres:, postgresql:, mysql: or mariadb:`,
      );
  }
}

/** `pool`: DB_POOL_SIZE and the two timeouts (server/config.ts); unset values take the defaults. */
export function createDb(url: string, pool: Partial<PoolSettings> = {}): Db {
  const spec = specFor(url);
  const db = new Kysely<any>({ dialect: spec.open(url, { ...DEFAULT_POOL, ...pool }) });
  let destroyed = false;
  return {
    db,
    dialect: spec.name,
    spec,
    async destroy() {
      if (destroyed) return;
      destroyed = true;
      await db.destroy();
    },
  };
}
