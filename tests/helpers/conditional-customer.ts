/**
 * The demo customer module with conditional rules, as the designer writes them: 备注 required for
 * VIPs (`requiredFn`); 手机号 always required but hidden for finance (`hiddenFn`); 授信额度 required for
 * VIPs unless inactive. Shared by the save and the import suites of "required when".
 */
import { readFileSync } from 'node:fs';
import { expect } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from './app';
import type { TestDatabase } from './databases';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));

export function conditionalCustomerSchema() {
  const schema = structuredClone(BASE);
  for (const field of schema.body[0].fields) {
    if (field.key === 'remark') field.requiredFn = "level === 'vip'";
    if (field.key === 'mobile') Object.assign(field, { required: true, hiddenFn: "industry === 'finance'" });
    if (field.key === 'credit_limit') Object.assign(field, { requiredFn: "level === 'vip'", hiddenFn: '!active' });
  }
  return schema;
}

/** An app on `database` whose customer module carries the conditional rules, and an admin's token. */
export async function startConditionalCustomerApp(database: TestDatabase): Promise<{ t: TestApp; admin: string }> {
  const t = await startTestApp(database);
  const admin = await t.signIn();
  const row = await t.db.db
    .selectFrom(t.tables.module)
    .select('id')
    .where('table_name', '=', 'customer')
    .executeTakeFirstOrThrow();
  const saved = await t.request({
    method: 'PUT',
    url: `/api/module/${row.id as string}`,
    token: admin,
    body: { schema: conditionalCustomerSchema() },
  });
  expect(saved.body.code).toBe(ResultCode.SUCCESS);
  return { t, admin };
}
