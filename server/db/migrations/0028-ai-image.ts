/**
 * ai_draw_provider and ai_draw_task (issue 18 item 4, docs/ai.md "Image studio").
 * - ai_draw_provider: one drawing service per app and draw type (MJ: a midjourney-proxy base URL
 *   and its mj-api-secret; BAIDU_SD: Baidu's API key and secret key). Both keys are sealed by
 *   server/secrets and never leave the server.
 * - ai_draw_task: a user's drawing tasks, WAIT → RUNNING → SUCCESS / FAIL. `upstream_id` is the
 *   provider's task id (midjourney-proxy's), `request_param` the original request as JSON, `images`
 *   the stored results as JSON ([{ file, thumb300, thumb100 }] file keys of the file table: results
 *   are kept in our storage, never hot-linked).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const aiDrawProviderTable = (prefix: string) => `${prefix}ai_draw_provider`;
export const aiDrawTaskTable = (prefix: string) => `${prefix}ai_draw_task`;

export function aiImage(prefix: string, spec: DialectSpec): Migration {
  const providers = aiDrawProviderTable(prefix);
  const tasks = aiDrawTaskTable(prefix);
  const create = (db: Kysely<any>, table: string) => {
    const builder = db.schema.createTable(table);
    return (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('create_at', 'bigint', (c) => c.notNull())
      .addColumn('update_at', 'bigint', (c) => c.notNull());
  };
  return {
    async up(db: Kysely<any>) {
      await create(db, providers)
        .addColumn('create_by', 'varchar(32)')
        .addColumn('update_by', 'varchar(32)')
        .addColumn('draw_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('label', 'varchar(64)', (c) => c.notNull())
        .addColumn('base_url', 'varchar(2048)')
        .addColumn('api_key', spec.bigText)
        .addColumn('secret_key', spec.bigText)
        .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('remark', 'varchar(500)')
        .execute();
      await db.schema
        .createIndex(`ux_${providers}_type`.slice(0, 60))
        .on(providers)
        .columns(['app_id', 'draw_type'])
        .unique()
        .execute();
      await create(db, tasks)
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('draw_type', 'varchar(16)', (c) => c.notNull())
        .addColumn('draw_api_key', 'varchar(32)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('request_param', spec.bigText, (c) => c.notNull())
        .addColumn('prompt', spec.bigText)
        .addColumn('upstream_id', 'varchar(64)')
        .addColumn('origin_task_id', 'varchar(32)')
        .addColumn('task_index', 'integer')
        .addColumn('progress', 'varchar(16)', (c) => c.notNull().defaultTo('0%'))
        .addColumn('fail_reason', 'varchar(500)')
        .addColumn('images', spec.bigText)
        .execute();
      await db.schema
        .createIndex(`ix_${tasks}_user`.slice(0, 60))
        .on(tasks)
        .columns(['app_id', 'user_id', 'create_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(tasks).execute();
      await db.schema.dropTable(providers).execute();
    },
  };
}
