/**
 * The system tables. A migration is frozen once released: later changes are new numbered files.
 * Types are portable (varchar, integer, bigint for ms timestamps, text); large text uses the
 * dialect's bigText (mediumtext on MySQL). Booleans are smallint 0/1 on every database.
 */
import type { CreateTableBuilder, Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';
import { tableNames, uniqueIndexName } from '../tables';

type Builder = CreateTableBuilder<string, string>;

export function systemTables(prefix: string, spec: DialectSpec): Migration {
  const t = tableNames(prefix);

  function create(db: Kysely<any>, name: string): Builder {
    const builder = db.schema.createTable(name);
    return spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder;
  }

  /** A record table: id, app_id and the audit columns (DESIGN §4). */
  function record(db: Kysely<any>, name: string): Builder {
    return create(db, name)
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('create_by', 'varchar(32)')
      .addColumn('create_at', 'bigint', (c) => c.notNull())
      .addColumn('update_by', 'varchar(32)')
      .addColumn('update_at', 'bigint', (c) => c.notNull())
      .addColumn('is_deleted', 'smallint', (c) => c.notNull().defaultTo(0));
  }

  async function index(db: Kysely<any>, table: string, columns: string[]) {
    await db.schema
      .createIndex(`ix_${table}_${columns.join('_')}`.slice(0, 60))
      .on(table)
      .columns(columns)
      .execute();
  }

  async function liveUnique(db: Kysely<any>, table: string, columns: string[]) {
    await spec.ensureLiveUniqueIndex(db, table, uniqueIndexName(table, columns[columns.length - 1]), columns);
  }

  return {
    async up(db) {
      await record(db, t.app)
        .addColumn('identify', 'varchar(64)', (c) => c.notNull())
        .addColumn('title', 'varchar(255)')
        .addColumn('short_title', 'varchar(255)')
        .addColumn('logo', spec.bigText)
        .addColumn('login_cover', spec.bigText)
        .addColumn('watermark', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('watermark_rotate', 'integer')
        .addColumn('source', 'integer')
        .addColumn('ai_config', 'text')
        .addColumn('upload_config', 'text')
        .addColumn('public_key', 'varchar(255)')
        .addColumn('private_key', 'varchar(255)')
        .addColumn('encrypt', 'smallint', (c) => c.notNull().defaultTo(1))
        .execute();
      // Identifiers address apps in URLs: unique even among deleted apps.
      await db.schema.createIndex(uniqueIndexName(t.app, 'identify')).unique().on(t.app).column('identify').execute();

      await record(db, t.user)
        .addColumn('account', 'varchar(64)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(32)')
        .addColumn('name', 'varchar(255)')
        .addColumn('avatar', 'text')
        .addColumn('password_hash', 'varchar(255)')
        .addColumn('role_ids', 'text')
        .addColumn('dept_id', 'varchar(32)')
        .addColumn('theme_config', 'text')
        .addColumn('status', 'smallint', (c) => c.notNull().defaultTo(1))
        .execute();
      await liveUnique(db, t.user, ['app_id', 'account']);

      await record(db, t.role)
        .addColumn('name', 'varchar(255)')
        .addColumn('menu_ids', 'text')
        .addColumn('level', 'integer')
        .addColumn('identify', 'varchar(64)')
        .execute();
      await index(db, t.role, ['app_id']);

      await record(db, t.menu)
        .addColumn('title', 'varchar(255)')
        .addColumn('icon', 'varchar(255)')
        .addColumn('module_id', 'varchar(32)')
        .addColumn('dashboard_id', 'varchar(32)')
        .addColumn('parent_id', 'varchar(32)')
        .addColumn('path', 'varchar(255)')
        .addColumn('url', 'text')
        .addColumn('type', 'integer')
        .addColumn('sort', 'integer')
        .execute();
      await index(db, t.menu, ['app_id']);

      await record(db, t.dept)
        .addColumn('name', 'varchar(255)')
        .addColumn('parent_id', 'varchar(32)')
        .addColumn('sort', 'integer')
        .execute();
      await index(db, t.dept, ['app_id']);

      await record(db, t.dict)
        .addColumn('dict_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('label', 'varchar(255)')
        .addColumn('value', 'varchar(255)')
        .addColumn('sort', 'integer')
        .addColumn('parent_id', 'varchar(32)')
        .execute();
      await index(db, t.dict, ['app_id', 'dict_code']);

      await record(db, t.module)
        .addColumn('title', 'varchar(255)')
        .addColumn('table_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('schema', spec.bigText)
        .execute();
      await liveUnique(db, t.module, ['app_id', 'table_name']);

      await record(db, t.module_version)
        .addColumn('module_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('schema', spec.bigText)
        .addColumn('author', 'varchar(32)')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('ai_generated', 'smallint', (c) => c.notNull().defaultTo(0))
        .execute();
      await index(db, t.module_version, ['module_id']);

      await record(db, t.dashboard).addColumn('title', 'varchar(255)').addColumn('schema', spec.bigText).execute();
      await index(db, t.dashboard, ['app_id']);

      await record(db, t.audit_log)
        .addColumn('user_id', 'varchar(32)')
        .addColumn('action', 'varchar(32)', (c) => c.notNull())
        .addColumn('table_name', 'varchar(128)')
        .addColumn('record_id', 'varchar(255)')
        .addColumn('detail', 'text')
        .addColumn('ip', 'varchar(64)')
        .execute();
      await index(db, t.audit_log, ['app_id', 'create_at']);

      // Security bookkeeping, not records: no audit columns, no soft delete, purged when expired.
      await create(db, t.session)
        .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('renewed_at', 'bigint')
        .execute();
      await index(db, t.session, ['user_id']);
      await index(db, t.session, ['expires_at']);

      await create(db, t.captcha)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await index(db, t.captcha, ['expires_at']);

      await create(db, t.login_attempt)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await index(db, t.login_attempt, ['key_hash', 'created_at']);
    },
  };
}
