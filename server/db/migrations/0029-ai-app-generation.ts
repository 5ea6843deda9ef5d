/**
 * ai_app_generation (issue 19, docs/ai.md "App generator"): one row per "AI create app" request —
 * who asked, the prompt as typed (kept with the app it produced: the versions of its modules carry
 * provenance "ai"), the provider type, how many repair rounds it took, and how it ended. It is also
 * what the per-user rate limit counts.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const aiAppGenerationTable = (prefix: string) => `${prefix}ai_app_generation`;

export function aiAppGeneration(prefix: string, spec: DialectSpec): Migration {
  const table = aiAppGenerationTable(prefix);
  return {
    async up(db: Kysely<any>) {
      const builder = db.schema.createTable(table);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('type', 'varchar(16)', (c) => c.notNull())
        .addColumn('prompt', spec.bigText, (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('repairs', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('result_app_id', 'varchar(32)')
        .addColumn('result_identify', 'varchar(64)')
        .addColumn('reason', 'varchar(500)')
        .execute();
      await db.schema
        .createIndex(`ix_${table}_user`.slice(0, 60))
        .on(table)
        .columns(['app_id', 'user_id', 'create_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(table).execute();
    },
  };
}
