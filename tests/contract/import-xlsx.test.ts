/**
 * POST common/:table/import on the customers module: a good .xlsx and a foreign .xls are written
 * whole; a file with bad rows writes nothing and names every bad row and field in the caller's
 * language; hostile files (not a workbook, truncated, zip bomb, encrypted, no rows, too many
 * rows, __proto__ headers) get one clear refusal and change nothing.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { encryptedOf, xlsxOf, zipOf, type Cells } from '../../fixtures/workbooks/build';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { multipartBody } from '../helpers/multipart';

const FIELDS = [
  { key: 'name', title: '客户名称', required: true },
  { key: 'level', title: '客户等级' },
  { key: 'industry', title: '所属行业' },
  { key: 'mobile', title: '手机号' },
  { key: 'credit_limit', title: '授信额度' },
  { key: 'signed_at', title: '签约日期' },
  { key: 'active', title: '是否启用' },
];
const HEADER = FIELDS.map((f) => f.title);

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  const physical = 'm_demo_customer';

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    const existing = await t.request({
      url: '/api/common/customer',
      token: admin,
      body: { name: '已有客户', level: 'vip' },
    });
    expect(existing.body.code).toBe(ResultCode.SUCCESS);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const liveCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(physical)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function importFile(
    file: Buffer,
    fields: Record<string, string> = { fields: JSON.stringify(FIELDS) },
    lang: 'zh' | 'en' = 'zh',
    fileName?: string,
  ) {
    const body = multipartBody(file, fields, fileName);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/import',
      headers: { authorization: admin, 'x-lang': lang, 'content-type': body.contentType },
      payload: body.payload,
    });
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    return response.json() as {
      code: string;
      message: string;
      msg: string;
      data: { imported: number; errors: { row: number; key: string; title: string; message: string }[] };
    };
  }

  it('imports every row of a good .xlsx: labels to values, dates, numbers, booleans', async () => {
    const before = await liveCount();
    const rows: Cells = [
      HEADER,
      ['导入甲', 'VIP', '金融', '13911112222', 1200.5, '2024-03-05', '是'],
      ['导入乙', '普通', null, 13911113333, '88', 45356, '否'],
    ];
    const reply = await importFile(await xlsxOf(rows));
    expect(reply).toEqual({
      code: ResultCode.SUCCESS,
      message: '成功导入 2 条数据',
      msg: '成功导入 2 条数据',
      data: { imported: 2, errors: [] },
    });
    expect(await liveCount()).toBe(before + 2);
    const stored = await t.db.db
      .selectFrom(physical)
      .selectAll()
      .where('name', 'in', ['导入甲', '导入乙'])
      .orderBy('name')
      .execute();
    const byName = Object.fromEntries(stored.map((r) => [r.name, r]));
    expect(byName['导入甲']).toMatchObject({
      level: 'vip',
      industry: 'finance',
      mobile: '13911112222',
      app_id: t.demoAppId,
    });
    expect(Number(byName['导入甲']!.credit_limit)).toBe(1200.5);
    expect(Number(byName['导入甲']!.signed_at)).toBe(new Date(2024, 2, 5).getTime());
    expect(Number(byName['导入甲']!.active)).toBe(1);
    // 45356 is Excel's day serial of 2024-03-05 (45292 is 2024-01-01).
    expect(Number(byName['导入乙']!.signed_at)).toBe(new Date(2024, 2, 5).getTime());
    expect(byName['导入乙']).toMatchObject({ level: 'normal', industry: null, mobile: '13911113333' });
    expect(Number(byName['导入乙']!.active)).toBe(0);
  });

  it('imports an .xls (BIFF8) written by another program, header marked with *', async () => {
    const file = readFileSync('fixtures/workbooks/customers.xls');
    const reply = await importFile(file, { fields: JSON.stringify(FIELDS.slice(0, 4)) }, 'zh', 'customers.xls');
    expect(reply.code).toBe(ResultCode.SUCCESS);
    expect(reply.data.imported).toBe(2);
    const rows = await t.db.db
      .selectFrom(physical)
      .select(['name', 'level'])
      .where('name', 'like', '表格%')
      .orderBy('name')
      .execute();
    expect(rows).toEqual([
      { name: '表格乙', level: 'normal' },
      { name: '表格甲', level: 'vip' },
    ]);
  });

  it('writes nothing when any row is bad and names every bad row and field', async () => {
    const before = await liveCount();
    const rows: Cells = [
      ['*客户名称', '客户等级', '所属行业', '手机号', '授信额度', '签约日期', '是否启用'],
      ['好的一行', 'VIP', null, null, null, null, null],
      [null, '不存在', null, '123', 'abc', '2024-02-30', '也许'],
      ['已有客户', 'VIP', null, null, null, null, null],
      ['重复名', 'VIP', null, null, null, null, null],
      ['重复名', '战略', null, null, null, null, null],
    ];
    const reply = await importFile(await xlsxOf(rows));
    expect(reply.code).toBe(ResultCode.BAD_REQUEST);
    expect(reply.data.imported).toBe(0);
    expect(reply.data.errors).toEqual([
      { row: 3, key: 'name', title: '客户名称', message: '不能为空' },
      { row: 3, key: 'level', title: '客户等级', message: '“不存在”不是有效的选项' },
      { row: 3, key: 'mobile', title: '手机号', message: '请输入11位手机号' },
      { row: 3, key: 'credit_limit', title: '授信额度', message: '“abc”不是有效的数字' },
      { row: 3, key: 'signed_at', title: '签约日期', message: '“2024-02-30”不是有效的日期' },
      { row: 3, key: 'active', title: '是否启用', message: '只能填写“是”或“否”' },
      { row: 4, key: 'name', title: '客户名称', message: '“已有客户”已存在' },
      { row: 6, key: 'name', title: '客户名称', message: '“重复名”与第5行重复' },
    ]);
    expect(reply.msg).toBe(reply.message);
    expect(reply.message).toBe('导入失败，共 8 处错误：第3行【客户名称】不能为空');
    expect(await liveCount()).toBe(before);
  });

  it('answers in English with x-lang en', async () => {
    const reply = await importFile(
      await xlsxOf([
        ['Name', 'Level'],
        [null, 'VIP'],
      ]),
      {
        fields: JSON.stringify([
          { key: 'name', title: { zh: '客户名称', en: 'Name' }, required: true },
          { key: 'level', title: { zh: '客户等级', en: 'Level' } },
        ]),
      },
      'en',
    );
    expect(reply.code).toBe(ResultCode.BAD_REQUEST);
    expect(reply.data.errors).toEqual([{ row: 2, key: 'name', title: 'Name', message: 'is required' }]);
  });

  it("uses an import template by id, and refuses another table's or a missing one", async () => {
    const id = newId();
    await t.db.db
      .insertInto(`tessera_sys_import_template`)
      .values({
        id,
        app_id: t.demoAppId,
        ...insertAudit(null, t.clock.now),
        name: '客户模板',
        table_name: 'customer',
        fields: JSON.stringify(FIELDS.slice(0, 2)),
      })
      .execute();
    const reply = await importFile(
      await xlsxOf([
        ['客户名称', '客户等级'],
        ['模板导入', '战略'],
      ]),
      { importTemplateId: id },
    );
    expect(reply.code).toBe(ResultCode.SUCCESS);
    const row = await t.db.db
      .selectFrom(physical)
      .select('level')
      .where('name', '=', '模板导入')
      .executeTakeFirstOrThrow();
    expect(row.level).toBe('strategic');
    const other = newId();
    await t.db.db
      .insertInto(`tessera_sys_import_template`)
      .values({
        id: other,
        app_id: t.demoAppId,
        ...insertAudit(null, t.clock.now),
        name: 'x',
        table_name: 'orders',
        fields: '[]',
      })
      .execute();
    for (const templateId of [other, 'missing', "1' or '1'='1"]) {
      const refused = await importFile(await xlsxOf([['客户名称'], ['x']]), { importTemplateId: templateId });
      expect(refused).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: '导入模板不存在' });
    }
  });

  describe('hostile files: one clear error, nothing written', () => {
    const cases: [string, () => Promise<Buffer> | Buffer, string][] = [
      ['not a workbook (text named .xlsx)', () => Buffer.from('name,level\nx,VIP\n'), '只能导入 xlsx 或 xls 文件'],
      [
        'a truncated .xlsx',
        async () => (await xlsxOf([HEADER, ['截断', 'VIP']])).subarray(0, 2000),
        '文件已损坏或不是有效的 Excel 工作簿',
      ],
      [
        'a zip bomb whose headers lie about its size',
        () => zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(80 * 1024 * 1024, 0x20), declare: 1000 }]),
        '文件内容过大',
      ],
      [
        'a zip bomb that declares its size',
        () => zipOf([{ name: 'xl/worksheets/sheet1.xml', data: Buffer.alloc(60 * 1024 * 1024, 0x20) }]),
        '文件内容过大',
      ],
      ['a password-protected workbook', () => encryptedOf(), '不支持有密码保护的工作簿，请取消密码后再导入'],
      ['a header without data rows', () => xlsxOf([HEADER]), '文件中没有数据'],
      ['an empty sheet', () => xlsxOf([]), '文件中没有数据'],
      [
        'more than 200 rows',
        () => xlsxOf([HEADER, ...Array.from({ length: 201 }, (_, i) => [`多行${i}`, 'VIP'])]),
        '每次最多导入 200 行数据',
      ],
      ['a header without the required column', () => xlsxOf([['客户等级'], ['VIP']]), '表头缺少列：客户名称'],
    ];
    for (const [label, make, message] of cases) {
      it(`refuses ${label}`, async () => {
        const before = await liveCount();
        const reply = await importFile(await make());
        expect(reply).toEqual({
          code: ResultCode.BAD_REQUEST,
          message,
          msg: message,
          data: { imported: 0, errors: [] },
        });
        expect(await liveCount()).toBe(before);
      });
    }

    it('never lets __proto__ or constructor headers touch Object.prototype', async () => {
      const rows: Cells = [
        ['__proto__', 'constructor', '客户名称', '客户等级', 'hasOwnProperty'],
        ['{"polluted":1}', 'x', '原型', 'VIP', 'y'],
      ];
      const reply = await importFile(await xlsxOf(rows), {
        fields: JSON.stringify([
          { key: 'name', title: '客户名称', required: true },
          { key: 'level', title: '客户等级' },
        ]),
      });
      expect(reply.code).toBe(ResultCode.SUCCESS);
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      const bad = await importFile(await xlsxOf([['客户名称'], ['y']]), {
        fields: JSON.stringify([{ key: '__proto__', title: '客户名称' }]),
      });
      expect(bad).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: '导入字段配置有误：__proto__' });
    });

    it('refuses a request without a file, and unknown or read-only field keys', async () => {
      const plain = await t.request({ url: '/api/common/customer/import', token: admin, body: { fields: FIELDS } });
      expect(plain.body).toMatchObject({ code: ResultCode.BAD_REQUEST, msg: '请选择要导入的文件' });
      for (const key of ['nope', 'app_id', 'id']) {
        const reply = await importFile(await xlsxOf([['x'], ['y']]), { fields: JSON.stringify([{ key, title: 'x' }]) });
        expect(reply.msg).toBe(`导入字段配置有误：${key}`);
      }
    });
  });
});
