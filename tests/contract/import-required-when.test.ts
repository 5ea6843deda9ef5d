/**
 * The designer's "required when" (`requiredFn`) and "hidden when" (`hiddenFn`) enforced on a
 * spreadsheet import as on a saved record (server/common/required-when.ts, docs/import-export.md):
 * a row that leaves a field required by its condition empty is refused with its row number and the
 * field's title in the caller's language, and nothing of the file is written; a field hidden by its
 * condition is never required, so a column required only while shown may be left out of the file.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { xlsxOf, type Cells } from '../../fixtures/workbooks/build';
import type { TestApp } from '../helpers/app';
import { startConditionalCustomerApp } from '../helpers/conditional-customer';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { multipartBody } from '../helpers/multipart';

const FIELDS = [
  { key: 'name', title: { zh: '客户名称', en: 'Name' } },
  { key: 'level', title: { zh: '客户等级', en: 'Level' } },
  { key: 'industry', title: { zh: '所属行业', en: 'Industry' } },
  { key: 'mobile', title: { zh: '手机号', en: 'Mobile' } },
  { key: 'credit_limit', title: { zh: '授信额度', en: 'Credit limit' } },
  { key: 'active', title: { zh: '是否启用', en: 'Active' } },
  { key: 'remark', title: { zh: '备注', en: 'Remarks' } },
];
const HEADER = ['客户名称', '客户等级', '所属行业', '手机号', '授信额度', '是否启用', '备注'];

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  const physical = 'm_demo_customer';

  beforeAll(async () => {
    database = await makeDatabase();
    ({ t, admin } = await startConditionalCustomerApp(database));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(physical)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function importRows(rows: Cells, fields: unknown[] = FIELDS, lang: 'zh' | 'en' = 'zh') {
    const body = multipartBody(await xlsxOf(rows), { fields: JSON.stringify(fields) });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/import',
      headers: { authorization: admin, 'x-lang': lang, 'content-type': body.contentType },
      payload: body.payload,
    });
    return response.json() as {
      code: string;
      message: string;
      data: { imported: number; errors: { row: number; key: string; title: string; message: string }[] };
    };
  }

  it('refuses a file whose rows leave a field required by its condition empty, naming each row, writing nothing', async () => {
    const before = await count();
    const reply = await importRows([
      HEADER,
      ['条件甲', '普通', '零售', '13900000001', null, '是', null],
      ['条件乙', 'VIP', '零售', '13900000002', 10, '是', null],
      ['条件丙', 'VIP', '零售', '13900000003', null, '是', '有'],
      ['条件丁', '普通', '零售', null, null, '是', null],
    ]);
    expect(reply.code).toBe(ResultCode.BAD_REQUEST);
    expect(reply.data).toEqual({
      imported: 0,
      errors: [
        { row: 3, key: 'remark', title: '备注', message: '不能为空' },
        { row: 4, key: 'credit_limit', title: '授信额度', message: '不能为空' },
        { row: 5, key: 'mobile', title: '手机号', message: '不能为空' },
      ],
    });
    expect(reply.message).toBe('导入失败，共 3 处错误：第3行【备注】不能为空');
    expect(await count()).toBe(before);

    const english = await importRows(
      [
        ['Name', 'Level', 'Industry', 'Mobile', 'Credit limit', 'Active', 'Remarks'],
        ['Cond A', 'VIP', 'Retail', '13900000004', 10, 'yes', null],
      ],
      FIELDS,
      'en',
    );
    expect(english.data.errors).toEqual([{ row: 2, key: 'remark', title: 'Remarks', message: 'is required' }]);
    expect(await count()).toBe(before);
  });

  it('imports rows whose conditions do not hold, and never requires a field its condition hides', async () => {
    const before = await count();
    const reply = await importRows([
      HEADER,
      ['放行甲', '普通', '零售', '13900000011', null, '是', null],
      // Finance hides 手机号; an inactive customer hides 授信额度 even for a VIP.
      ['放行乙', 'VIP', '金融', null, null, '否', '有'],
    ]);
    expect(reply).toMatchObject({ code: ResultCode.SUCCESS, data: { imported: 2, errors: [] } });
    expect(await count()).toBe(before + 2);
    const stored = await t.db.db
      .selectFrom(physical)
      .select(['name', 'mobile', 'credit_limit'])
      .where('name', '=', '放行乙')
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ mobile: null, credit_limit: null });
  });

  it('accepts a file without the column of a field required only while shown, and judges each row', async () => {
    const withoutMobile = FIELDS.filter((f) => f.key !== 'mobile');
    const header = HEADER.filter((h) => h !== '手机号');
    const before = await count();
    const refused = await importRows(
      [header, ['缺列甲', '普通', '金融', null, '是', null], ['缺列乙', '普通', '零售', null, '是', null]],
      withoutMobile,
    );
    expect(refused.data.errors).toEqual([{ row: 3, key: 'mobile', title: '手机号', message: '不能为空' }]);
    expect(await count()).toBe(before);
    const accepted = await importRows([header, ['缺列丙', '普通', '金融', null, '是', null]], withoutMobile);
    expect(accepted).toMatchObject({ code: ResultCode.SUCCESS, data: { imported: 1 } });
    expect(await count()).toBe(before + 1);
  });
});
