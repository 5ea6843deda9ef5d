/**
 * POST common/:table/export on the customers module: the workbook's header and cells (dictionary
 * labels, dates, booleans, numbers, formula-injection guard), filters and selected ids, the file
 * name, the caller's language, and the JSON errors for a missing column list or unknown keys.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const FIELDS = [
  { key: 'name', title: '客户名称' },
  { key: 'level', title: '客户等级' },
  { key: 'industry', title: '所属行业' },
  { key: 'credit_limit', title: '授信额度' },
  { key: 'signed_at', title: '签约日期' },
  { key: 'active', title: '是否启用' },
  { key: 'remark', title: '备注' },
];

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const sheet = workbook.worksheets[0]!;
  const rows: unknown[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as unknown[]).slice(1));
  });
  return rows;
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  const ids: Record<string, string> = {};
  const signed = new Date(2024, 5, 1, 15, 30).getTime();

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    const rows = [
      {
        name: '导出甲',
        level: 'vip',
        industry: 'finance',
        credit_limit: 1234.5,
        signed_at: signed,
        active: true,
        remark: '=1+1',
      },
      {
        name: '导出乙',
        level: 'normal',
        industry: 'retail',
        credit_limit: -3,
        signed_at: null,
        active: false,
        remark: '@SUM(A1)',
      },
      { name: '其他丙', level: 'strategic', industry: null, active: false, remark: '普通\t文本' },
    ];
    for (const row of rows) {
      t.clock.now += 1000;
      const reply = await t.request({ url: '/api/common/customer', body: row, token: admin });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      ids[row.name] = reply.body.data.id;
    }
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const exportCall = (body: unknown, lang: 'zh' | 'en' = 'zh') =>
    t.app.inject({
      method: 'POST',
      url: '/api/common/customer/export',
      headers: { authorization: admin, 'x-lang': lang },
      payload: body as object,
    });

  it('writes the matching rows with titles in the given order, labels, dates, booleans and safe text', async () => {
    const response = await exportCall({
      exportFields: FIELDS,
      querys: [{ key: 'name', value: '导出', rule: 'LIKE' }],
      sorts: [{ key: 'create_at', order: 'asc' }],
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toContain(
      `filename*=UTF-8''${encodeURIComponent('客户导出.xlsx')}`,
    );
    const rows = await sheetRows(response.rawPayload);
    expect(rows).toEqual([
      FIELDS.map((f) => f.title),
      ['导出甲', 'VIP', '金融', 1234.5, '2024-06-01', '是', "'=1+1"],
      ['导出乙', '普通', '零售', -3, undefined, '否', "'@SUM(A1)"],
    ]);
  });

  it('exports only the selected ids (an IN query), columns in the order asked, in English', async () => {
    const response = await exportCall(
      {
        exportFields: [
          { key: 'active', title: { zh: '是否启用', en: 'Active' } },
          { key: 'industry', title: { zh: '所属行业', en: 'Industry' } },
          { key: 'name', title: { zh: '客户名称', en: 'Name' } },
        ],
        querys: [{ key: 'id', value: [ids['导出甲'], ids['其他丙']], rule: 'IN' }],
        sorts: [{ key: 'name', order: 'desc' }],
        extraData: { title: 'Customers' },
      },
      'en',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(`filename*=UTF-8''Customers%20export.xlsx`);
    const rows = await sheetRows(response.rawPayload);
    expect(rows[0]).toEqual(['Active', 'Industry', 'Name']);
    expect(rows.slice(1).sort()).toEqual([
      ['No', undefined, '其他丙'],
      ['Yes', 'Finance', '导出甲'],
    ]);
  });

  it('prefixes every formula start (= + - @ tab CR) in text cells', async () => {
    await t.request({
      url: '/api/common/customer',
      token: admin,
      body: { name: '+cmd', level: 'vip', remark: '\r-2' },
    });
    const response = await exportCall({
      exportFields: [
        { key: 'name', title: 'n' },
        { key: 'remark', title: 'r' },
      ],
      querys: [{ key: 'name', value: '+cmd' }],
    });
    const rows = await sheetRows(response.rawPayload);
    expect(rows[1]![0]).toBe("'+cmd");
    // XML readers turn a stored CR into LF; what matters is the ' in front.
    expect(rows[1]![1]).toMatch(/^'[\r\n]-2$/);
  });

  describe('errors answer JSON and send no workbook', () => {
    it('refuses an empty column list with 请选择导出列', async () => {
      const response = await exportCall({ exportFields: [] });
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toEqual({ code: ResultCode.BAD_REQUEST, message: '请选择导出列', data: null });
      const missing = await exportCall({});
      expect(missing.json().message).toBe('请选择导出列');
    });

    it('refuses unknown export fields and SQL in keys, naming them', async () => {
      const response = await exportCall({ exportFields: [{ key: 'name; drop table x', title: 'x' }] });
      expect(response.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, data: null });
      expect(response.json().message).toContain('name; drop table x');
      const oddTitle = await exportCall({
        exportFields: [
          { key: 'name', title: 42 },
          { key: 'level', title: { zh: 7 } },
        ],
      });
      expect(oddTitle.statusCode).toBe(200);
      expect((await sheetRows(oddTitle.rawPayload))[0]).toEqual(['name', 'level']);
      const badQuery = await exportCall({ exportFields: FIELDS, querys: [{ key: 'nope', value: 1 }] });
      expect(badQuery.json().code).toBe(ResultCode.BAD_REQUEST);
    });

    it('needs a session', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/common/customer/export',
        payload: { exportFields: FIELDS },
      });
      expect(response.json().code).toBe(ResultCode.LOGOUT);
    });
  });
});
