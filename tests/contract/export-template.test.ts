/**
 * POST common/:table/downloadTemplate: the header row (titles, required marked), drop-down lists
 * for fields with options, the file name, template ids and field lists, and refusals. A template
 * filled in and sent back imports cleanly (the round trip the import dialog relies on).
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const FIELDS = [
  { key: 'name', title: '客户名称', required: true },
  { key: 'level', title: '客户等级' },
  { key: 'mobile', title: '手机号' },
];

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const download = (url: string, body?: unknown) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: admin },
      ...(body === undefined ? {} : { payload: body as object }),
    });

  async function load(payload: Buffer) {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook;
  }

  it('returns the header row with required titles marked, and a drop-down for dictionary fields', async () => {
    const response = await download('/api/common/customer/downloadTemplate', { fields: FIELDS });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('客户模版.xlsx')}`,
    );
    const workbook = await load(response.rawPayload);
    const sheet = workbook.getWorksheet('Sheet1')!;
    expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['*客户名称', '*客户等级', '手机号']);
    expect(sheet.getCell('A2').value).toBeNull();
    const validation = sheet.getCell('B2').dataValidation;
    expect(validation).toMatchObject({ type: 'list', formulae: ['options!$A$1:$A$3'] });
    const options = workbook.getWorksheet('options')!;
    expect(options.state).toBe('veryHidden');
    expect([1, 2, 3].map((r) => options.getCell(`A${r}`).value)).toEqual(['普通', 'VIP', '战略']);
    expect(sheet.getCell('C2').dataValidation).toBeUndefined();
  });

  it('uses an import template by id and names the file after it; the filled template imports', async () => {
    const id = newId();
    await t.db.db
      .insertInto('tessera_sys_import_template')
      .values({
        id,
        app_id: t.demoAppId,
        ...insertAudit(null, t.clock.now),
        name: '客户导入',
        table_name: 'customer',
        fields: JSON.stringify(FIELDS.slice(0, 2)),
      })
      .execute();
    const response = await download(`/api/common/customer/downloadTemplate?importTemplateId=${id}`);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('客户导入模版.xlsx'));
    const workbook = await load(response.rawPayload);
    const sheet = workbook.getWorksheet('Sheet1')!;
    sheet.addRow(['模版回填', '战略']);
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const boundary = 'tesseraboundary';
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="importTemplateId"\r\n\r\n${id}\r\n`),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="t.xlsx"\r\n\r\n`),
      filled,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/import',
      headers: { authorization: admin, 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload,
    });
    expect(imported.json()).toMatchObject({ code: ResultCode.SUCCESS, data: { imported: 1 } });
    const row = await t.db.db
      .selectFrom('m_demo_customer')
      .select('level')
      .where('name', '=', '模版回填')
      .executeTakeFirstOrThrow();
    expect(row.level).toBe('strategic');
  });

  it('refuses no fields, unknown keys and a missing template with JSON errors', async () => {
    for (const [body, message] of [
      [{ fields: [] }, '请配置导入字段'],
      [{}, '请配置导入字段'],
      [{ fields: [{ key: 'password_hash', title: 'x' }] }, '导入字段配置有误：password_hash'],
    ] as const) {
      const response = await download('/api/common/customer/downloadTemplate', body);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: ResultCode.BAD_REQUEST, message, data: null });
    }
    const missing = await download('/api/common/customer/downloadTemplate?importTemplateId=nope');
    expect(missing.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '导入模板不存在' });
  });
});
