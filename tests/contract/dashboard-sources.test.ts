/**
 * GET api/dashboards/sources (server/schema-store/dashboard-sources.ts; docs/dashboards.md "The
 * designer"), on every database: the module tables an admin may bind a widget to, with each
 * field's kind (number, date, text), title, widget, dictionary, module, display settings and
 * reference (a join the query builder offers, only to an offered table); a removed module is gone from
 * it; a non-admin is refused.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import type { SourceTable } from '../../protocol/dashboard-sources';
import { addModule } from '../bad-input/fixtures';
import type { TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startAppWithViewer } from '../helpers/viewer-app';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    database = await makeDatabase();
    ({ t, admin, viewer } = await startAppWithViewer(database));
    await addModule(t, 'sale', {
      status: { type: 'select', selectItems: [{ value: 'open', label: { zh: '未结', en: 'Open' } }] },
      level: { type: 'select', dict: 'cust_level' },
      amount: { type: 'number' },
      signed_at: { type: 'date' },
      remark: { type: 'textarea' },
      customer_id: { type: 'select', dictApi: { url: 'common/customer', valueKey: 'id', labelKey: 'name' } },
      ghost_id: { type: 'select', dictApi: { url: 'common/nowhere', valueKey: 'id', labelKey: 'name' } },
    });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const sources = async (token: string) => (await t.request({ url: '/api/dashboards/sources', token })).body;

  describe('dashboard sources', () => {
    it('lists the readable module tables with the kind of each field', async () => {
      const answer = await sources(admin);
      expect(answer.code).toBe('200');
      const tables = answer.data as SourceTable[];
      expect(tables.map((s) => s.table)).toEqual(expect.arrayContaining(['customer', 'sale']));
      const sale = tables.find((s) => s.table === 'sale')!;
      const field = (key: string) => sale.fields.find((f) => f.key === key);
      expect(field('amount')).toMatchObject({ kind: 'number', widget: 'number' });
      expect(field('signed_at')).toMatchObject({ kind: 'date', widget: 'date' });
      expect(field('remark')).toMatchObject({ kind: 'text', widget: 'textarea' });
      expect(field('status')).toMatchObject({ kind: 'text', labelled: true });
      expect(field('level')).toMatchObject({ kind: 'text', dict: 'cust_level', labelled: true });
      expect(field('create_at')).toMatchObject({ kind: 'date', title: { zh: '创建时间' } });
      // The app and the soft-delete flag are never offered.
      expect(field('app_id')).toBeUndefined();
      expect(field('is_deleted')).toBeUndefined();
      // The demo customer module: its dictionary field, as the seeded dashboard groups by it.
      const customer = tables.find((s) => s.table === 'customer')!;
      expect(customer.fields.find((f) => f.key === 'level')).toMatchObject({ dict: 'customer_level' });
      // Each names its module: a chart's click opens that module's list page, common/{module}.
      const saleModule = await t.db.db
        .selectFrom(t.tables.module)
        .select('id')
        .where('table_name', '=', 'sale')
        .where('is_deleted', '=', 0)
        .executeTakeFirstOrThrow();
      expect(sale.module).toBe(String(saleModule.id));
      // A reference field joins to the table its options come from, only one offered here.
      expect(field('customer_id')).toMatchObject({ ref: { table: 'customer', key: 'id' } });
      expect(field('ghost_id')).toBeDefined();
      expect(field('ghost_id')!.ref).toBeUndefined();
      // What a table widget's column needs to read as the module's list: precision, data type, options.
      expect(customer.fields.find((f) => f.key === 'credit_limit')?.display).toEqual({
        dataType: 'double',
        props: { precision: 2 },
      });
      expect(field('status')?.display).toEqual({
        selectItems: [{ value: 'open', label: { zh: '未结', en: 'Open' } }],
      });
      expect(field('remark')?.display).toBeUndefined();
    });

    it('a removed module is no longer offered', async () => {
      await addModule(t, 'gone', { x: 'string' });
      expect(((await sources(admin)).data as SourceTable[]).some((s) => s.table === 'gone')).toBe(true);
      await t.db.db.updateTable(t.tables.module).set({ is_deleted: 1 }).where('table_name', '=', 'gone').execute();
      expect(((await sources(admin)).data as SourceTable[]).some((s) => s.table === 'gone')).toBe(false);
    });

    it('refuses a user who is not an admin, and takes no query', async () => {
      expect((await sources(viewer)).code).toBe(ResultCode.FORBIDDEN);
      const reply = await t.request({ url: '/api/dashboards/sources?table=x', token: admin });
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
    });
  });
});
