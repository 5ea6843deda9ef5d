/**
 * The dictionaries page's server (issue 16 item 1, docs/dict.md): types and items through the
 * common API, the rules of their writes (code form, fixed code, unique value per type, parent in
 * the same dictionary, no loop), deletes refused while records use an item (with the count and
 * the module field), disabled items still labelled, dict.changed on the bus for every write, and
 * the admin grant enforced by the server. Through the real server on each test database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { xlsxOf } from '../../fixtures/workbooks/build';
import { ResultCode } from '../../protocol/codes';
import type { BusEvent } from '../../protocol/events';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { multipartBody } from '../helpers/multipart';

const TYPES = '/api/common/tessera_sys_dict_type';
const ITEMS = '/api/common/tessera_sys_dict';
const IMPORT_FIELDS = [
  { key: 'dict_code', title: '字典编码', required: true },
  { key: 'value', title: '字典值', required: true },
  { key: 'label', title: '字典标签', required: true },
];

/** A multipart body with the workbook and the import's field list. */
const importBody = (file: Buffer) => multipartBody(file, { fields: JSON.stringify(IMPORT_FIELDS) }, 'dict.xlsx');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let operator: string;
  const events: BusEvent[] = [];

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    await t.addUser('dict_operator', 'Operator@2026', 'user');
    operator = await t.signIn('dict_operator', 'Operator@2026');
    t.app.tessera.bus.subscribe('dict.changed', (event) => void events.push(event));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const post = (url: string, body: unknown, token = admin, lang?: 'zh' | 'en') => t.request({ url, body, token, lang });
  const put = (url: string, body: unknown, lang?: 'zh' | 'en') =>
    t.request({ method: 'PUT', url, body, token: admin, lang });
  const remove = (url: string, lang?: 'zh' | 'en') => t.request({ method: 'DELETE', url, token: admin, lang });
  const dictOf = async (code: string, token = admin) => (await t.request({ url: `/api/dict/${code}`, token })).body;
  const liveItems = async (code: string) =>
    (
      await t.db.db
        .selectFrom(t.tables.dict)
        .select('value')
        .where('dict_code', '=', code)
        .where('is_deleted', '=', 0)
        .execute()
    ).map((r) => r.value);

  async function addItem(code: string, value: string, extra: Record<string, unknown> = {}): Promise<string> {
    const reply = await post(ITEMS, { dict_code: code, value, label: `标签${value}`, sort: 0, ...extra });
    expect(reply.body.code, reply.body.message).toBe(ResultCode.SUCCESS);
    return reply.body.data.id as string;
  }

  describe('dictionary types and items', () => {
    it('seeds the demo dictionary as a type with its title, and migrations keep its items', async () => {
      const reply = await post(`${TYPES}/list`, { querys: [{ key: 'code', value: 'customer_level', rule: 'EQUAL' }] });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.list).toMatchObject([{ code: 'customer_level', title: '客户等级', status: 1 }]);
      expect(await liveItems('customer_level')).toHaveLength(3);
    });

    it('an admin adds a type with three items (one tagged, one nested) and the dictionary API serves them', async () => {
      const type = await post(TYPES, { code: 'ticket_state', title: '工单状态', title_en: 'Ticket state', status: 1 });
      expect(type.body.code).toBe(ResultCode.SUCCESS);
      const open = await addItem('ticket_state', 'open', { label: '处理中', label_en: 'Open', tag: 'blue', sort: 1 });
      await addItem('ticket_state', 'closed', { label: '已关闭', label_en: 'Closed', sort: 2 });
      await addItem('ticket_state', 'reopened', { label: '重新打开', parent_id: open, sort: 3 });
      expect((await dictOf('ticket_state')).data).toEqual([
        {
          value: 'open',
          label: '处理中',
          label_en: 'Open',
          tag: 'blue',
          children: [{ value: 'reopened', label: '重新打开' }],
        },
        { value: 'closed', label: '已关闭', label_en: 'Closed' },
      ]);
      // Every signed-in user reads dictionaries (selects and cells need them).
      expect((await dictOf('ticket_state', operator)).data).toHaveLength(2);
    });

    it('publishes dict.changed with the code for each write', async () => {
      events.length = 0;
      const id = await addItem('bus_probe', 'a');
      await put(`${ITEMS}/${id}`, { label: '改' });
      await remove(`${ITEMS}/${id}`);
      expect(events.map((e) => [e.type, e.appId, (e as { code: string }).code])).toEqual([
        ['dict.changed', t.demoAppId, 'bus_probe'],
        ['dict.changed', t.demoAppId, 'bus_probe'],
        ['dict.changed', t.demoAppId, 'bus_probe'],
      ]);
    });
  });

  describe('bad input is refused with nothing changed', () => {
    it('refuses a duplicate value within a type, in zh and en, but allows it in another type', async () => {
      await addItem('dup_a', 'x');
      const zh = await post(ITEMS, { dict_code: 'dup_a', value: 'x', label: '重复' });
      expect(zh.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(zh.body.message).toBe('字典「dup_a」中已有值为「x」的字典项');
      const en = await post(ITEMS, { dict_code: 'dup_a', value: 'x', label: 'again' }, admin, 'en');
      expect(en.body.message).toBe('Dictionary "dup_a" already has an item with the value "x"');
      expect(await liveItems('dup_a')).toEqual(['x']);
      await addItem('dup_b', 'x');

      // An update onto another item's value is refused too; onto its own value it is fine.
      const y = await addItem('dup_a', 'y');
      expect((await put(`${ITEMS}/${y}`, { value: 'x' })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await put(`${ITEMS}/${y}`, { value: 'y', label: '同值' })).body.code).toBe(ResultCode.SUCCESS);
      expect((await liveItems('dup_a')).sort()).toEqual(['x', 'y']);
    });

    it('refuses a duplicate type code, a malformed code and a change of code', async () => {
      const first = await post(TYPES, { code: 'colour', title: '颜色' });
      expect(first.body.code).toBe(ResultCode.SUCCESS);
      const again = await post(TYPES, { code: 'colour', title: '又一个' });
      // The live-unique index answers, naming the field (the page shows 字典编码已存在，请更换数据).
      expect(again.body.code).toBe(ResultCode.DATA_ERROR);
      expect(again.body.message).toMatch(/Duplicate entry 'colour' for key 'code'/);
      const bad = await post(TYPES, { code: 'bad code!', title: '坏' });
      expect(bad.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(bad.body.message).toBe('字典编码只能包含字母、数字、下划线、点、冒号和短横线，最长64位');
      const rename = await put(`${TYPES}/${first.body.data.id}`, { code: 'color' }, 'en');
      expect(rename.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(rename.body.message).toBe(
        'A dictionary code cannot change once saved: fields refer to the dictionary by its code',
      );
      const codes = await t.db.db
        .selectFrom(t.tables.dict_type)
        .select('code')
        .where('code', 'in', ['colour', 'color', 'bad code!'])
        .where('is_deleted', '=', 0)
        .execute();
      expect(codes.map((c) => c.code)).toEqual(['colour']);
    });

    it('refuses an item without value or label, and a parent from another dictionary', async () => {
      expect((await post(ITEMS, { dict_code: 'shape', label: '圆' })).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await post(ITEMS, { dict_code: 'shape', value: 'round' })).body.code).toBe(ResultCode.BAD_REQUEST);
      const foreign = await addItem('other_dict', 'p');
      const wrong = await post(ITEMS, { dict_code: 'shape', value: 'round', label: '圆', parent_id: foreign });
      expect(wrong.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(wrong.body.message).toBe('上级字典项必须是同一字典中的有效项');
      expect(await liveItems('shape')).toEqual([]);
    });

    it('refuses a parent loop with a clear message', async () => {
      const a = await addItem('loop_dict', 'a');
      const b = await addItem('loop_dict', 'b', { parent_id: a });
      const reply = await put(`${ITEMS}/${a}`, { parent_id: b });
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toBe('上级不能是该记录自身或它的下级');
      expect((await dictOf('loop_dict')).data).toEqual([
        { value: 'a', label: '标签a', children: [{ value: 'b', label: '标签b' }] },
      ]);
    });
  });

  describe('items still used by records', () => {
    it('refuses deleting a used item with the count and the field, and a type that has items', async () => {
      const used = await t.db.db
        .selectFrom('m_demo_customer')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('level', '=', 'vip')
        .where('is_deleted', '=', 0)
        .executeTakeFirst();
      const count = Number(used?.n);
      expect(count).toBeGreaterThan(0);
      const vip = await t.db.db
        .selectFrom(t.tables.dict)
        .select('id')
        .where('dict_code', '=', 'customer_level')
        .where('value', '=', 'vip')
        .executeTakeFirstOrThrow();
      const reply = await remove(`${ITEMS}/${vip.id}`);
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toBe(
        `字典项「VIP」仍被 ${count} 条记录使用（customer.level (${count})），删除后这些记录将无法显示名称，请改为停用`,
      );
      // The batch delete is refused the same way, all or nothing.
      const batch = await t.request({ method: 'DELETE', url: ITEMS, body: { ids: [vip.id] }, token: admin });
      expect(batch.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(await liveItems('customer_level')).toContain('vip');

      const type = await t.db.db
        .selectFrom(t.tables.dict_type)
        .select('id')
        .where('code', '=', 'customer_level')
        .executeTakeFirstOrThrow();
      const typeReply = await remove(`${TYPES}/${type.id}`, 'en');
      expect(typeReply.body.message).toBe('Dictionary "customer_level" still has 3 items: delete them first');
    });

    it('a disabled item stays readable: the API marks it disabled, export keeps its label', async () => {
      const vip = await t.db.db
        .selectFrom(t.tables.dict)
        .select('id')
        .where('dict_code', '=', 'customer_level')
        .where('value', '=', 'vip')
        .executeTakeFirstOrThrow();
      expect((await put(`${ITEMS}/${vip.id}`, { enabled: 0 })).body.code).toBe(ResultCode.SUCCESS);
      const items = (await dictOf('customer_level')).data as { value: string; disabled?: boolean }[];
      expect(items.find((i) => i.value === 'vip')).toEqual({ value: 'vip', label: 'VIP', disabled: true });
      expect(items.filter((i) => i.disabled)).toHaveLength(1);
    });

    it('an unused item is deleted', async () => {
      const id = await addItem('customer_level', 'unused_level');
      expect((await remove(`${ITEMS}/${id}`)).body.code).toBe(ResultCode.SUCCESS);
      expect(await liveItems('customer_level')).not.toContain('unused_level');
    });
  });

  describe('importing items', () => {
    const importRows = async (rows: string[][]) => {
      const body = importBody(await xlsxOf([IMPORT_FIELDS.map((f) => f.title), ...rows] as never));
      const response = await t.app.inject({
        method: 'POST',
        url: `${ITEMS}/import`,
        headers: { authorization: admin, 'content-type': body.contentType },
        payload: body.payload,
      });
      return response.json() as { code: string; message: string; data: { imported: number } };
    };

    it('checks each imported item like a create: a repeated value refuses the whole file', async () => {
      const repeated = await importRows([
        ['imported', 'a', '甲'],
        ['imported', 'a', '甲二'],
      ]);
      expect(repeated.code).toBe(ResultCode.BAD_REQUEST);
      expect(repeated.message).toBe('字典「imported」中已有值为「a」的字典项');
      expect(await liveItems('imported')).toEqual([]);

      events.length = 0;
      const fine = await importRows([
        ['imported', 'a', '甲'],
        ['imported', 'b', '乙'],
      ]);
      expect(fine.code).toBe(ResultCode.SUCCESS);
      expect(fine.data.imported).toBe(2);
      expect((await liveItems('imported')).sort()).toEqual(['a', 'b']);
      expect(events).toMatchObject([{ type: 'dict.changed', code: 'imported' }]);
    });
  });

  describe('the grant', () => {
    it('refuses every dictionary write and the type list to a non-admin, server-side', async () => {
      const add = await post(ITEMS, { dict_code: 'sneaky', value: 'v', label: 'v' }, operator);
      expect(add.body.code).toBe(ResultCode.FORBIDDEN);
      const addType = await post(TYPES, { code: 'sneaky', title: 'x' }, operator);
      expect(addType.body.code).toBe(ResultCode.FORBIDDEN);
      const list = await post(`${TYPES}/list`, {}, operator);
      expect(list.body.code).toBe(ResultCode.FORBIDDEN);
      const item = await t.db.db.selectFrom(t.tables.dict).select('id').executeTakeFirstOrThrow();
      const change = await t.request({
        method: 'PUT',
        url: `${ITEMS}/${item.id}`,
        body: { label: 'x' },
        token: operator,
      });
      expect(change.body.code).toBe(ResultCode.FORBIDDEN);
      expect(await liveItems('sneaky')).toEqual([]);
    });

    it('gives the admin role a seeded menu for the dict page', async () => {
      const menu = await t.db.db
        .selectFrom(t.tables.menu)
        .select(['id', 'path'])
        .where('app_id', '=', t.demoAppId)
        .where('path', '=', '/dict')
        .executeTakeFirstOrThrow();
      const role = await t.db.db
        .selectFrom(t.tables.role)
        .select(['identify', 'menu_ids'])
        .where('app_id', '=', t.demoAppId)
        .execute();
      const granted = (identify: string) =>
        String(role.find((r) => r.identify === identify)?.menu_ids ?? '')
          .split(',')
          .includes(String(menu.id));
      expect(granted('admin')).toBe(true);
      expect(granted('user')).toBe(false);
    });
  });
});
