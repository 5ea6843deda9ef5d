/**
 * envelope_nonce: nonces of sealed requests already seen (server/plugins/replay-store-db.ts), so a
 * captured request cannot be replayed after a restart or against another instance sharing the
 * database. The nonce (32 hex chars) is the key; expires_at (ms) is its timestamp plus the clock
 * window, after which the timestamp check refuses a replay anyway and the row is pruned.
 */
import type { Kysely, Migration } from 'kysely';

export const envelopeNonceTable = (prefix: string) => `${prefix}envelope_nonce`;

export function envelopeNonces(prefix: string): Migration {
  const table = envelopeNonceTable(prefix);
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .createTable(table)
        .addColumn('nonce', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema.createIndex(`${table}_expires`).on(table).column('expires_at').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).execute();
    },
  };
}
