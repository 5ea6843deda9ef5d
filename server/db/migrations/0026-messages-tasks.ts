/**
 * Messages and scheduled tasks (issue 17 items 4–5, docs/messages.md, docs/scheduler.md).
 *
 * `message`: one row per recipient (a send to a role or to everyone is fanned out on write), so a
 * user's list, unread count and "mark all read" are plain indexed queries on (app, user) and
 * deleting a message removes it for that user only. `batch_id` ties the rows of one send together.
 * `read_at` null means unread. Bodies are plain text (shown as text, never as HTML).
 *
 * `scheduled_task`: the Task page's tasks. The scheduler's lease and run history are the rows of
 * task_lease / task_run (migration 0017) named `task:<id>`; `action` says what a run does and
 * `config` (JSON) its settings, checked by the server before every save.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const messageTable = (prefix: string) => `${prefix}message`;
export const scheduledTaskTable = (prefix: string) => `${prefix}scheduled_task`;

export function messagesTasks(prefix: string, spec: DialectSpec): Migration {
  const message = messageTable(prefix);
  const task = scheduledTaskTable(prefix);
  return {
    async up(db: Kysely<any>) {
      const messages = db.schema
        .createTable(message)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('batch_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('title', 'varchar(200)', (c) => c.notNull())
        .addColumn('body', spec.bigText)
        .addColumn('link', 'varchar(500)')
        .addColumn('source', 'varchar(16)', (c) => c.notNull())
        .addColumn('sender_id', 'varchar(32)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('read_at', 'bigint')
        .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0));
      await (spec.tableOptions ? messages.modifyEnd(spec.tableOptions) : messages).execute();
      await db.schema
        .createIndex(`ix_${message}_user`.slice(0, 60))
        .on(message)
        .columns(['app_id', 'user_id', 'is_deleted', 'created_at'])
        .execute();

      const tasks = db.schema
        .createTable(task)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('name', 'varchar(120)', (c) => c.notNull())
        .addColumn('cron', 'varchar(120)', (c) => c.notNull())
        .addColumn('timezone', 'varchar(64)', (c) => c.notNull())
        .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('missed', 'varchar(16)', (c) => c.notNull())
        .addColumn('timeout_ms', 'integer', (c) => c.notNull())
        .addColumn('action', 'varchar(16)', (c) => c.notNull())
        .addColumn('config', spec.bigText)
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0));
      await (spec.tableOptions ? tasks.modifyEnd(spec.tableOptions) : tasks).execute();
      await db.schema.createIndex(`ix_${task}_app`.slice(0, 60)).on(task).columns(['app_id', 'is_deleted']).execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(task).execute();
      await db.schema.dropTable(message).execute();
    },
  };
}
