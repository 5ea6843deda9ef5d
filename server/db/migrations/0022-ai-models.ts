/**
 * ai_model and ai_agent (issue 18, docs/ai.md): the chat models an app may use and the agents
 * (a name, a role description, a system prompt, suggested prompts) its chat offers.
 * - ai_model.api_key is sealed by server/secrets and never leaves the server; `provider` picks the
 *   default base URL (deepseek, qwen, qianfan) or, for `custom`, base_url is required.
 * - price_per_1k is in thousandths of the app's currency unit per 1,000 tokens (an integer, so the
 *   usage report adds exactly on every database).
 * Configuration rather than records: removed for good, names unique per app.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const aiModelTable = (prefix: string) => `${prefix}ai_model`;
export const aiAgentTable = (prefix: string) => `${prefix}ai_agent`;

export function aiModels(prefix: string, spec: DialectSpec): Migration {
  const models = aiModelTable(prefix);
  const agents = aiAgentTable(prefix);
  const create = (table: string) => {
    return (db: Kysely<any>) => {
      const builder = db.schema.createTable(table);
      return (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull());
    };
  };
  return {
    async up(db: Kysely<any>) {
      await create(models)(db)
        .addColumn('label', 'varchar(64)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('model', 'varchar(128)', (c) => c.notNull())
        .addColumn('base_url', 'varchar(2048)')
        .addColumn('api_key', spec.bigText)
        .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('is_default', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('context_length', 'integer', (c) => c.notNull())
        .addColumn('price_per_1k', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('remark', 'varchar(500)')
        .execute();
      await db.schema
        .createIndex(`ux_${models}_app_label`.slice(0, 60))
        .on(models)
        .columns(['app_id', 'label'])
        .unique()
        .execute();
      await create(agents)(db)
        .addColumn('name', 'varchar(64)', (c) => c.notNull())
        .addColumn('role', 'varchar(500)', (c) => c.notNull())
        .addColumn('system_prompt', spec.bigText)
        .addColumn('tips', spec.bigText)
        .addColumn('model_id', 'varchar(32)')
        .addColumn('type', 'varchar(16)', (c) => c.notNull().defaultTo('CHAT'))
        .addColumn('enabled', 'smallint', (c) => c.notNull().defaultTo(1))
        .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex(`ux_${agents}_app_name`.slice(0, 60))
        .on(agents)
        .columns(['app_id', 'name'])
        .unique()
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(agents).execute();
      await db.schema.dropTable(models).execute();
    },
  };
}
