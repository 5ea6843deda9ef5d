/**
 * The importTemplate page's API (issue 16 item 7, docs/import-templates.md): an admin saves a
 * template for the customers module through common/{prefix}import_template; its downloaded file
 * has the template's columns in order (sample values as header notes); a spreadsheet imports with
 * importTemplateId; an unknown module or field key is refused with a zh/en message and nothing is
 * saved; an operator reads templates (the import dialog offers them) but cannot write them.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { xlsxOf } from '../../fixtures/workbooks/build';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { multipartBody } from '../helpers/multipart';

const TEMPLATES = '/api/common/tessera_sys_import_template';
const COLUMNS = [
  { key: 'mobile', title: '联系电话', sample: '13800000000' },
  { key: 'name', title: '客户', required: 1 },
  { key: 'level', title: '等级', required: 0 },
];

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  let templateId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    await t.addUser('tpl_operator', 'Operator@2026', 'user');
    operator = await t.signIn('tpl_operator', 'Operator@2026');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const save = (body: unknown, token = admin, lang: 'zh' | 'en' = 'zh', id?: string) =>
    t.request({ method: id ? 'PUT' : 'POST', url: id ? `${TEMPLATES}/${id}` : TEMPLATES, body, token, lang });
  const templateCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(`tessera_sys_import_template`)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('is_deleted', '=', 0)
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('import templates', () => {
    it('refuses a template that leaves out a required field of the module (every import with it would fail)', async () => {
      const before = await templateCount();
      const partial = [{ key: 'mobile', title: '联系电话' }];
      const zh = await save({ name: '缺必填', table_name: 'customer', fields: JSON.stringify(partial) });
      expect(zh.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(zh.body.message).toBe(
        '导入模板的 1 列缺少模块「customer」的必填字段：name, level（用它导入的每一行都会失败）',
      );
      const en = await save({ name: 'partial', table_name: 'customer', fields: JSON.stringify(partial) }, admin, 'en');
      expect(en.body.message).toMatch(
        /^The import template's 1 columns lack required fields of the module customer: name, level/,
      );
      expect(await templateCount()).toBe(before);
    });

    it('creates a template for a module and lists it', async () => {
      const created = await save({ name: '客户导入', table_name: 'customer', fields: JSON.stringify(COLUMNS) });
      expect(created.body.code).toBe(ResultCode.SUCCESS);
      templateId = String(created.body.data.id);
      const list = await t.request({ method: 'POST', url: `${TEMPLATES}/list`, body: {}, token: admin });
      expect(list.body.data.list.map((r: { name: string }) => r.name)).toContain('客户导入');
    });

    it('downloads the template file with its columns in order, required marked, samples as notes', async () => {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/common/customer/downloadTemplate?importTemplateId=${templateId}`,
        headers: { authorization: admin },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-disposition']).toContain(encodeURIComponent('客户导入'));
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      const sheet = workbook.getWorksheet('Sheet1')!;
      expect((sheet.getRow(1).values as unknown[]).slice(1)).toEqual(['联系电话', '*客户', '*等级']); // 等级 is required by the module itself
      expect(JSON.stringify(sheet.getCell('A1').note)).toContain('13800000000');
      expect(sheet.getCell('A2').value).toBeNull();
    });

    it('imports a spreadsheet laid out as the template', async () => {
      const file = await xlsxOf([
        ['联系电话', '*客户', '*等级'],
        ['13900001111', '模板客户甲', 'VIP'],
        [null, '模板客户乙', '普通'],
      ]);
      const body = multipartBody(file, { importTemplateId: templateId });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/common/customer/import',
        headers: { authorization: admin, 'content-type': body.contentType },
        payload: body.payload,
      });
      const reply = response.json() as { code: string; data: { imported: number } };
      expect(reply.code).toBe(ResultCode.SUCCESS);
      expect(reply.data.imported).toBe(2);
      const rows = await t.db.db
        .selectFrom('m_demo_customer')
        .select(['name', 'mobile', 'level'])
        .where('name', 'in', ['模板客户甲', '模板客户乙'])
        .orderBy('name')
        .execute();
      expect(rows).toEqual([
        { name: '模板客户乙', mobile: null, level: 'normal' },
        { name: '模板客户甲', mobile: '13900001111', level: 'vip' },
      ]);
    });

    it('refuses an unknown module or field key with a clear message and saves nothing', async () => {
      const before = await templateCount();
      const noTable = await save({ name: 'x', table_name: 'no_such_table', fields: JSON.stringify(COLUMNS) });
      expect(noTable.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(noTable.body.message).toBe('导入模板的模块「no_such_table」不存在');
      const system = await save({ name: 'x', table_name: 'tessera_sys_user', fields: '[{"key":"account"}]' }, admin);
      expect(system.body.code).toBe(ResultCode.BAD_REQUEST);
      const badKey = await save(
        { name: 'x', table_name: 'customer', fields: JSON.stringify([{ key: 'no_such_field', title: 'x' }]) },
        admin,
        'en',
      );
      expect(badKey.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(badKey.body.message).toBe('The module customer has no importable field no_such_field');
      const twice = await save({ name: 'x', table_name: 'customer', fields: '[{"key":"name"},{"key":"name"}]' });
      expect(twice.body.message).toBe('模块「customer」没有可导入的字段「name」');
      const empty = await save({ name: 'x', table_name: 'customer', fields: '[]' });
      expect(empty.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await templateCount()).toBe(before);
      // An edit is checked against the stored template too: another module leaves its keys unknown.
      const moved = await save({ fields: JSON.stringify([{ key: 'ghost' }]) }, admin, 'zh', templateId);
      expect(moved.body.message).toBe('模块「customer」没有可导入的字段「ghost」');
      const stored = await t.db.db
        .selectFrom('tessera_sys_import_template')
        .select('fields')
        .where('id', '=', templateId)
        .executeTakeFirstOrThrow();
      expect(JSON.parse(String(stored.fields))).toEqual(COLUMNS);
    });

    it('lets an operator read templates for the import dialog but not write them', async () => {
      const list = await t.request({ method: 'POST', url: `${TEMPLATES}/list`, body: {}, token: operator });
      expect(list.body.code).toBe(ResultCode.SUCCESS);
      expect(list.body.data.list.map((r: { id: string }) => r.id)).toContain(templateId);
      const before = await templateCount();
      const add = await save({ name: 'y', table_name: 'customer', fields: '[{"key":"name"}]' }, operator);
      expect(add.body.code).toBe(ResultCode.FORBIDDEN);
      const change = await save({ name: 'hijacked' }, operator, 'zh', templateId);
      expect(change.body.code).toBe(ResultCode.FORBIDDEN);
      expect(await templateCount()).toBe(before);
    });

    it('seeds the admin menu for the importTemplate page, not granted to plain users', async () => {
      const menu = await t.db.db
        .selectFrom(t.tables.menu)
        .select(['id', 'sort'])
        .where('app_id', '=', t.demoAppId)
        .where('path', '=', '/importTemplate')
        .executeTakeFirstOrThrow();
      // Last of 系统管理 (after sys and sms).
      expect(Number(menu.sort)).toBe(12);
      const roles = await t.db.db
        .selectFrom(t.tables.role)
        .select(['identify', 'menu_ids'])
        .where('app_id', '=', t.demoAppId)
        .execute();
      const granted = (identify: string) =>
        String(roles.find((r) => r.identify === identify)?.menu_ids ?? '')
          .split(',')
          .includes(String(menu.id));
      expect(granted('admin')).toBe(true);
      expect(granted('user')).toBe(false);
    });
  });
});
