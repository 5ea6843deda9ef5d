/**
 * The schema store (docs/schemas.md, server/schema-store/): every stored schema has a head row
 * with a `version` number that a save must name (optimistic concurrency), and every save writes a
 * numbered version row with its content hash, provenance and derived model (field id → column).
 * module_version holds the versions of every kind (module, dashboard, page) — `module_id` is the
 * head's id, `kind` says which head table it belongs to — so there is one history, one diff and one
 * rollback for all of them. page_override holds an admin's saved version of a committed system page
 * (schemas/pages/); deleting it resets the page to the committed one. Existing versions are
 * numbered in creation order and their heads get the count.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';
import { tableNames } from '../tables';

export const pageOverrideTable = (prefix: string) => `${prefix}page_override`;

export function schemaStore(prefix: string, spec: DialectSpec): Migration {
  const t = tableNames(prefix);
  const overrides = pageOverrideTable(prefix);
  return {
    async up(db: Kysely<any>) {
      for (const head of [t.module, t.dashboard]) {
        await db.schema
          .alterTable(head)
          .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
          .execute();
      }
      await db.schema
        .alterTable(t.module_version)
        .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('module'))
        .execute();
      await db.schema.alterTable(t.module_version).addColumn('version', 'integer').execute();
      await db.schema.alterTable(t.module_version).addColumn('hash', 'varchar(64)').execute();
      await db.schema.alterTable(t.module_version).addColumn('provenance', 'varchar(16)').execute();
      await db.schema.alterTable(t.module_version).addColumn('model', spec.bigText).execute();

      const rows = await db
        .selectFrom(t.module_version)
        .select(['id', 'module_id'])
        .orderBy('created_at', 'asc')
        .orderBy('id', 'asc')
        .execute();
      const counts = new Map<string, number>();
      for (const row of rows) {
        const n = (counts.get(String(row.module_id)) ?? 0) + 1;
        counts.set(String(row.module_id), n);
        await db.updateTable(t.module_version).set({ version: n }).where('id', '=', row.id).execute();
      }
      for (const [id, n] of counts) await db.updateTable(t.module).set({ version: n }).where('id', '=', id).execute();
      // Two saves racing on one head cannot both write version n+1 (NULLs, seeded rows, never collide).
      await db.schema
        .createIndex(`uq_${t.module_version}_kind_version`.slice(0, 60))
        .unique()
        .on(t.module_version)
        .columns(['module_id', 'kind', 'version'])
        .execute();

      const builder = db.schema.createTable(overrides);
      await (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('page_key', 'varchar(128)', (c) => c.notNull())
        .addColumn('schema', spec.bigText)
        .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
        .execute();
      await db.schema
        .createIndex(`ix_${overrides}_app_page`.slice(0, 60))
        .on(overrides)
        .columns(['app_id', 'page_key'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(overrides).execute();
      await db.schema.dropIndex(`uq_${t.module_version}_kind_version`.slice(0, 60)).on(t.module_version).execute();
      for (const column of ['model', 'provenance', 'hash', 'version', 'kind'])
        await db.schema.alterTable(t.module_version).dropColumn(column).execute();
      for (const head of [t.module, t.dashboard]) await db.schema.alterTable(head).dropColumn('version').execute();
    },
  };
}
