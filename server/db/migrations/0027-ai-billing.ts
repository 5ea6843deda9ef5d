/**
 * The AI quota, charges and recharge (issue 18 item 5, docs/ai.md "Quota, pay mode and recharge"):
 * - ai_wallet: one balance per user of an app, in thousandths of the currency unit (an integer, the
 *   unit of ai_model.price_per_1k, so charges add exactly on every database). Its row is also the
 *   lock every reservation and charge of that user takes first.
 * - ai_usage: one row per AI call: reserved when it starts (counted against the day's quota, its
 *   estimated cost held from the balance), then charged with the tokens the provider reported, or
 *   released when the call failed before any answer. `day` is the app's calendar day (its time zone).
 * - ai_topup: a top-up order (its id is the order number the payment provider sees); credited once,
 *   when the provider's signed callback says it was paid.
 * - ai_pay_config: the app's payment gateway (address, merchant id, the signing key sealed by
 *   server/secrets) and the public address the gateway calls back: kept out of the app row's
 *   ai_config, which every signed-in user reads.
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const aiWalletTable = (prefix: string) => `${prefix}ai_wallet`;
export const aiUsageTable = (prefix: string) => `${prefix}ai_usage`;
export const aiTopupTable = (prefix: string) => `${prefix}ai_topup`;
export const aiPayConfigTable = (prefix: string) => `${prefix}ai_pay_config`;

export function aiBilling(prefix: string, spec: DialectSpec): Migration {
  const wallets = aiWalletTable(prefix);
  const usage = aiUsageTable(prefix);
  const topups = aiTopupTable(prefix);
  const payConfig = aiPayConfigTable(prefix);
  const create = (db: Kysely<any>, table: string) => {
    const builder = db.schema.createTable(table);
    return spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder;
  };
  return {
    async up(db: Kysely<any>) {
      await create(db, wallets)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('balance', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`ux_${wallets}_user`.slice(0, 60))
        .on(wallets)
        .columns(['app_id', 'user_id'])
        .unique()
        .execute();
      await create(db, usage)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('feature', 'varchar(16)', (c) => c.notNull())
        .addColumn('day', 'varchar(10)', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('pay_mode', 'smallint', (c) => c.notNull().defaultTo(0))
        .addColumn('model_id', 'varchar(32)')
        .addColumn('model_label', 'varchar(128)')
        .addColumn('price_per_1k', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('held', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('cost', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('ref_id', 'varchar(32)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex(`ix_${usage}_day`.slice(0, 60))
        .on(usage)
        .columns(['app_id', 'user_id', 'day'])
        .execute();
      await create(db, topups)
        .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('amount', 'bigint', (c) => c.notNull())
        .addColumn('status', 'varchar(16)', (c) => c.notNull())
        .addColumn('provider_trade_no', 'varchar(64)')
        .addColumn('create_at', 'bigint', (c) => c.notNull())
        .addColumn('paid_at', 'bigint')
        .execute();
      await db.schema
        .createIndex(`ix_${topups}_user`.slice(0, 60))
        .on(topups)
        .columns(['app_id', 'user_id', 'create_at'])
        .execute();
      await create(db, payConfig)
        .addColumn('app_id', 'varchar(32)', (c) => c.primaryKey())
        .addColumn('gateway_url', 'varchar(2048)')
        .addColumn('merchant_id', 'varchar(64)')
        .addColumn('secret', spec.bigText)
        .addColumn('notify_base', 'varchar(2048)')
        .addColumn('update_by', 'varchar(32)')
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<any>) {
      for (const table of [payConfig, topups, usage, wallets]) await db.schema.dropTable(table).execute();
    },
  };
}
