/**
 * Approval flows and to-dos (issue 17 items 1–3, docs/workflow.md).
 * - `flow`: one definition per module and app (the head: name, module, enabled, current version).
 * - `flow_version`: every saved version's steps (JSON); a record in flight keeps the version it
 *   started with, so editing a flow never changes an approval already running.
 * - `flow_instance`: one submission of one record. `running_key` is `<module>:<record id>` while
 *   it runs and NULL after: a unique index on it keeps one running approval per record on every
 *   database (NULLs never collide). `seq` counts its transitions: each transition updates the row
 *   only where `seq` is still the one it read, so two racing actors make one transition.
 * - `flow_event`: the record's timeline (submit, approve, reject, return, transfer, comment,
 *   withdraw, finish), never updated.
 * - `todo` (0004) gains what ties an approval to-do to its instance and step, and how it ended.
 * - `dept` gains its leader, for approvers "department leader" and "the starter's leader".
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const flowTables = (prefix: string) => ({
  flow: `${prefix}flow`,
  flow_version: `${prefix}flow_version`,
  flow_instance: `${prefix}flow_instance`,
  flow_event: `${prefix}flow_event`,
  todo: `${prefix}todo`,
  dept: `${prefix}dept`,
});

export function flows(prefix: string, spec: DialectSpec): Migration {
  const t = flowTables(prefix);
  const create = (db: Kysely<any>, name: string) => {
    const builder = db.schema.createTable(name);
    return spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder;
  };
  const record = (db: Kysely<any>, name: string) =>
    create(db, name)
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('create_by', 'varchar(32)')
      .addColumn('create_at', 'bigint', (c) => c.notNull())
      .addColumn('update_by', 'varchar(32)')
      .addColumn('update_at', 'bigint', (c) => c.notNull())
      .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0));
  const index = (db: Kysely<any>, table: string, columns: string[], unique = false) => {
    const builder = db.schema
      .createIndex(`ix_${table}_${columns.join('_')}`.slice(0, 60))
      .on(table)
      .columns(columns);
    return (unique ? builder.unique() : builder).execute();
  };

  return {
    async up(db) {
      await record(db, t.flow)
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('module', 'varchar(64)', (c) => c.notNull())
        .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('version', 'integer', (c) => c.notNull())
        .execute();
      await index(db, t.flow, ['app_id', 'module']);

      await create(db, t.flow_version)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('flow_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('steps', spec.bigText, (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .execute();
      await index(db, t.flow_version, ['flow_id', 'version'], true);

      await record(db, t.flow_instance)
        .addColumn('flow_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('version', 'integer', (c) => c.notNull())
        .addColumn('module', 'varchar(64)', (c) => c.notNull())
        .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('starter_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('step', 'integer', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('running_key', 'varchar(128)')
        .execute();
      await index(db, t.flow_instance, ['app_id', 'running_key'], true);
      await index(db, t.flow_instance, ['app_id', 'module', 'record_id']);

      await create(db, t.flow_event)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('instance_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('module', 'varchar(64)', (c) => c.notNull())
        .addColumn('record_id', 'varchar(64)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('step', 'integer')
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('actor_id', 'varchar(32)')
        .addColumn('target', 'varchar(64)')
        .addColumn('comment', 'text')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .execute();
      await index(db, t.flow_event, ['app_id', 'module', 'record_id']);

      await db.schema
        .alterTable(t.todo)
        .addColumn('kind', 'varchar(16)', (c) => c.notNull().defaultTo('approval'))
        .execute();
      for (const [name, type] of [
        ['instance_id', 'varchar(32)'],
        ['step', 'integer'],
        ['module', 'varchar(64)'],
        ['record_id', 'varchar(64)'],
        ['result', 'varchar(16)'],
        ['done_at', 'bigint'],
      ] as const)
        await db.schema.alterTable(t.todo).addColumn(name, type).execute();
      await index(db, t.todo, ['instance_id', 'status']);

      await db.schema.alterTable(t.dept).addColumn('leader_id', 'varchar(32)').execute();
    },
  };
}
