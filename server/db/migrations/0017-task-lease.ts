/**
 * task_lease and task_run: the scheduler's shared state (server/scheduler). One lease row per task
 * name says which scheduled time (`tick`, ms) was last claimed, by which instance (`holder`), and
 * until when the claim holds (`expires_at`, ms; 0 once the run finished). A claim is one
 * conditional UPDATE, so of several instances exactly one runs each tick; a crashed runner's claim
 * expires and the next tick runs. task_run keeps each run's outcome for the task page's history.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const taskLeaseTable = (prefix: string) => `${prefix}task_lease`;
export const taskRunTable = (prefix: string) => `${prefix}task_run`;

export function taskLease(prefix: string, spec: DialectSpec): Migration {
  const lease = taskLeaseTable(prefix);
  const run = taskRunTable(prefix);
  return {
    async up(db: Kysely<any>) {
      const leaseTable = db.schema
        .createTable(lease)
        .addColumn('name', 'varchar(128)', (c) => c.primaryKey())
        .addColumn('tick', 'bigint', (c) => c.notNull())
        .addColumn('holder', 'varchar(64)')
        .addColumn('expires_at', 'bigint', (c) => c.notNull());
      await (spec.tableOptions ? leaseTable.modifyEnd(spec.tableOptions) : leaseTable).execute();
      const runTable = db.schema
        .createTable(run)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('name', 'varchar(128)', (c) => c.notNull())
        .addColumn('tick', 'bigint', (c) => c.notNull())
        .addColumn('holder', 'varchar(64)', (c) => c.notNull())
        .addColumn('started_at', 'bigint', (c) => c.notNull())
        .addColumn('finished_at', 'bigint')
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('output', spec.bigText);
      await (spec.tableOptions ? runTable.modifyEnd(spec.tableOptions) : runTable).execute();
      await db.schema.createIndex(`${run}_name_tick`).on(run).columns(['name', 'tick']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(run).execute();
      await db.schema.dropTable(lease).execute();
    },
  };
}
