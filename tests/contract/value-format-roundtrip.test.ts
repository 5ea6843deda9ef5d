/**
 * An exported file imports back to the same stored values (issue 13 item 3), on every database:
 * the customers module gets one field per widget type whose format round-trips, a row is written
 * through the API, exported, and the file imported as a new row; every column then holds what the
 * original row holds. Formats marked lossy (uploads, rich text, passwords) are left out by design.
 */
import { readFileSync } from 'node:fs';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import '../../runtime/widgets/definitions';
import { allWidgets } from '../../runtime/core/registry';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { SAMPLES } from './value-format-samples';
import { multipartBody } from '../helpers/multipart';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));
const types = allWidgets()
  .filter((w) => !w.noValue && w.format && !w.format.lossy)
  .map((w) => w.type);
const keyOf = (type: string) => `w_${type.replace(/-/g, '_')}`;
const FIELDS = types.map((type) => ({
  id: `f_${keyOf(type)}`,
  key: keyOf(type),
  title: { zh: keyOf(type), en: keyOf(type) },
  type,
  ...SAMPLES[type]!.field,
}));
const EXPORT_FIELDS = [
  { key: 'name', title: 'name' },
  { key: 'level', title: 'level' },
  ...FIELDS.map((f) => ({ key: f.key, title: f.key })),
];

/** A stored value as text, whatever the driver returns it as (bigint strings, numbers, Buffers). */
const same = (value: unknown) => (value === null || value === undefined ? null : String(value));

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  const physical = 'm_demo_customer';

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    const module = await t.db.db
      .selectFrom(t.tables.module)
      .select('id')
      .where('table_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    const schema = structuredClone(BASE);
    schema.body[0].fields = [...schema.body[0].fields, ...FIELDS];
    const saved = await t.request({ method: 'PUT', url: `/api/module/${module.id}`, token: admin, body: { schema } });
    expect(saved.body.code, JSON.stringify(saved.body).slice(0, 500)).toBe(ResultCode.SUCCESS);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const rowNamed = (name: string) =>
    t.db.db
      .selectFrom(physical)
      .selectAll()
      .where('name', '=', name)
      .where('is_deleted', '=', 0)
      .executeTakeFirstOrThrow();

  it.each(['zh', 'en'] as const)('a row exported in %s imports back to the same stored values', async (lang) => {
    const original = `往返-${lang}`;
    const body: Record<string, unknown> = { name: original, level: 'vip' };
    for (const type of types) body[keyOf(type)] = SAMPLES[type]!.stored;
    const created = await t.request({ url: '/api/common/customer', token: admin, body });
    expect(created.body.code, JSON.stringify(created.body).slice(0, 500)).toBe(ResultCode.SUCCESS);

    const exported = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/export',
      headers: { authorization: admin, 'x-lang': lang },
      payload: { exportFields: EXPORT_FIELDS, querys: [{ key: 'name', value: original, rule: 'EQUAL' }] },
    });
    expect(exported.statusCode).toBe(200);
    // The copy gets its own name (name is unique); every other cell is imported as exported.
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.rowCount).toBe(2);
    sheet.getRow(2).getCell(1).value = `${original}-copy`;
    const file = Buffer.from(await workbook.xlsx.writeBuffer());

    const upload = multipartBody(file, { fields: JSON.stringify(EXPORT_FIELDS) });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/import',
      headers: { authorization: admin, 'x-lang': lang, 'content-type': upload.contentType },
      payload: upload.payload,
    });
    expect(imported.json(), imported.body.slice(0, 800)).toMatchObject({
      code: ResultCode.SUCCESS,
      data: { imported: 1, errors: [] },
    });

    const before = await rowNamed(original);
    const after = await rowNamed(`${original}-copy`);
    for (const type of types) {
      const key = keyOf(type);
      expect(same(after[key]), `${type} (${key})`).toBe(same(before[key]));
      expect(same(before[key]), `${type} was stored`).not.toBeNull();
    }
  });
});
