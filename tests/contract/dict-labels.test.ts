/**
 * Dictionary items have an English label (issue 22 item 6): the dictionary API gives it beside
 * the Chinese one (the runtime shows the reader's language), export writes the label in the
 * caller's language (Chinese when an item has no English one), and import matches a label in
 * either language, whatever the caller's language. Through the real server on each test database.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { xlsxOf } from '../../fixtures/workbooks/build';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { multipartBody } from '../helpers/multipart';

const FIELDS = [
  { key: 'name', title: '客户名称', required: true },
  { key: 'level', title: '客户等级' },
];

async function sheetRows(payload: Buffer): Promise<unknown[][]> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(payload as unknown as ArrayBuffer);
  const rows: unknown[][] = [];
  workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
  return rows;
}

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

  const levelsOf = async (names: string[]) =>
    Object.fromEntries(
      (await t.db.db.selectFrom('m_demo_customer').select(['name', 'level']).where('name', 'in', names).execute()).map(
        (r) => [r.name, r.level],
      ),
    );

  async function importRows(rows: unknown[][], lang: 'zh' | 'en') {
    const body = multipartBody(await xlsxOf([FIELDS.map((f) => f.title), ...rows] as never), {
      fields: JSON.stringify(FIELDS),
    });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/import',
      headers: { authorization: admin, 'x-lang': lang, 'content-type': body.contentType },
      payload: body.payload,
    });
    return response.json() as { code: string; data: { imported: number } };
  }

  describe('dictionary labels in two languages', () => {
    it('the dictionary API gives the English label beside the Chinese one', async () => {
      const reply = await t.request({ url: '/api/dict/customer_level', token: admin });
      expect(reply.body.data).toEqual([
        { value: 'normal', label: '普通', label_en: 'Normal' },
        { value: 'vip', label: 'VIP' },
        { value: 'strategic', label: '战略', label_en: 'Strategic' },
      ]);
    });

    it('import matches a label in either language, in a Chinese and in an English session', async () => {
      for (const lang of ['zh', 'en'] as const) {
        const reply = await importRows(
          [
            [`${lang}-甲`, 'Strategic'],
            [`${lang}-乙`, '战略'],
            [`${lang}-丙`, 'Normal'],
            [`${lang}-丁`, '普通'],
            [`${lang}-戊`, 'VIP'],
          ],
          lang,
        );
        expect(reply.code, lang).toBe(ResultCode.SUCCESS);
        expect(reply.data.imported).toBe(5);
        expect(await levelsOf(['甲', '乙', '丙', '丁', '戊'].map((n) => `${lang}-${n}`))).toEqual({
          [`${lang}-甲`]: 'strategic',
          [`${lang}-乙`]: 'strategic',
          [`${lang}-丙`]: 'normal',
          [`${lang}-丁`]: 'normal',
          [`${lang}-戊`]: 'vip',
        });
      }
      const unknown = await importRows([['坏-甲', 'Gold']], 'en');
      expect(unknown.code).toBe(ResultCode.BAD_REQUEST);
      expect(await levelsOf(['坏-甲'])).toEqual({});
    });

    it('export writes the label of the caller language', async () => {
      const exported = async (lang: 'zh' | 'en') => {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/common/customer/export',
          headers: { authorization: admin, 'x-lang': lang },
          payload: {
            exportFields: FIELDS,
            querys: [{ key: 'name', value: 'zh-', rule: 'LIKE' }],
          },
        });
        expect(response.statusCode).toBe(200);
        // Name → level cell (the order of names differs by database collation).
        return Object.fromEntries((await sheetRows(response.rawPayload)).slice(1).map((row) => [row[0], row[1]]));
      };
      const byName = (labels: string[]) =>
        Object.fromEntries(['甲', '乙', '丙', '丁', '戊'].map((n, i) => [`zh-${n}`, labels[i]]));
      expect(await exported('en')).toEqual(byName(['Strategic', 'Strategic', 'Normal', 'Normal', 'VIP']));
      expect(await exported('zh')).toEqual(byName(['战略', '战略', '普通', '普通', 'VIP']));
    });
  });
});
