/**
 * The one dialect switch of the code base (DESIGN §2.5): a database URL in, a Kysely instance and
 * the dialect's differences (dialects/types.ts) out. Nothing else branches on the database.
 */
import { Kysely } from 'kysely';
import { mysql } from './dialects/mysql';
import { postgres } from './dialects/postgres';
import { sqlite } from './dialects/sqlite';
import type { DialectName, DialectSpec } from './dialects/types';

export type { DialectName, DialectSpec, DbFailure } from './dialects/types';

export interface Db {
  db: Kysely<any>;
  dialect: DialectName;
  spec: DialectSpec;
  destroy(): Promise<void>;
}

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

export function createDb(url: string): Db {
  const spec = specFor(url);
  const db = new Kysely<any>({ dialect: spec.open(url) });
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
