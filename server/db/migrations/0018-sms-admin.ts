/**
 * The sms page's tables (issue 16 item 6, docs/sms.md), configuration of one app each:
 * - sms_setting: a provider's settings (provider aliyun; access_key_secret sealed by server/secrets,
 *   never answered), at most one row per provider per app;
 * - sms_template: the provider's template code per scene (login, register, forgetPwd, changeMobile),
 *   at most one per scene per app, with a content preview for admins;
 * - sms_log: one row per send — the mobile masked (138****0000), never the code or the whole number.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const smsTables = (prefix: string) => ({
  setting: `${prefix}sms_setting`,
  template: `${prefix}sms_template`,
  log: `${prefix}sms_log`,
});

export function smsAdmin(prefix: string, spec: DialectSpec): Migration {
  const tables = smsTables(prefix);
  const create = (name: string) => {
    return (db: Kysely<any>) => {
      const builder = db.schema.createTable(name);
      return spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder;
    };
  };
  return {
    async up(db: Kysely<any>) {
      await create(tables.setting)(db)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('access_key_id', 'varchar(128)', (c) => c.notNull())
        .addColumn('access_key_secret', spec.bigText)
        .addColumn('sign_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('endpoint', 'varchar(256)')
        .addColumn('test_mobile', 'varchar(20)')
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`ux_${tables.setting}_app`.slice(0, 60))
        .on(tables.setting)
        .columns(['app_id', 'provider'])
        .unique()
        .execute();
      await create(tables.template)(db)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('scene', 'varchar(16)', (c) => c.notNull())
        .addColumn('template_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('content', 'varchar(500)')
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`ux_${tables.template}_scene`.slice(0, 60))
        .on(tables.template)
        .columns(['app_id', 'scene'])
        .unique()
        .execute();
      await create(tables.log)(db)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(20)', (c) => c.notNull())
        .addColumn('scene', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider', 'varchar(16)', (c) => c.notNull())
        .addColumn('template_code', 'varchar(64)')
        .addColumn('status', 'varchar(8)', (c) => c.notNull())
        .addColumn('answer_code', 'varchar(64)')
        .addColumn('create_by', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`ix_${tables.log}_app_at`.slice(0, 60))
        .on(tables.log)
        .columns(['app_id', 'create_at'])
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const name of [tables.log, tables.template, tables.setting]) await db.schema.dropTable(name).execute();
    },
  };
}
