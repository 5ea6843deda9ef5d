/**
 * Dictionary trees (server/common/parent-loop.ts, server/platform/routes.ts): a write that would
 * make an item its own ancestor is refused with nothing changed, and the dict endpoint shows every
 * stored live row, even a loop written straight into the database.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const DICT = '/api/common/tessera_sys_dict';

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

  async function addItem(code: string, value: string, parentId?: string): Promise<string> {
    const reply = await t.request({
      url: DICT,
      token: admin,
      body: { dict_code: code, value, label: value.toUpperCase(), sort: 0, parent_id: parentId ?? null },
    });
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    return reply.body.data.id as string;
  }

  const move = (id: string, parentId: string, language?: 'zh' | 'en') =>
    t.request({
      method: 'PUT',
      url: `${DICT}/${id}`,
      token: admin,
      body: { parent_id: parentId },
      lang: language,
    });

  describe('dictionary parent loops', () => {
    it('refuses a parent that is the item itself or below it, in zh and en, and keeps the tree', async () => {
      const a = await addItem('region', 'a');
      const b = await addItem('region', 'b', a);
      const c = await addItem('region', 'c', b);

      const self = await move(a, a);
      expect(self.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(self.body.message).toBe('上级不能是该记录自身或它的下级');
      const below = await move(a, c, 'en');
      expect(below.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(below.body.message).toBe('The parent cannot be the record itself or one of its descendants');

      const tree = await t.request({ url: '/api/dict/region', token: admin });
      expect(tree.body.data).toEqual([
        { value: 'a', label: 'A', children: [{ value: 'b', label: 'B', children: [{ value: 'c', label: 'C' }] }] },
      ]);
    });

    it('still allows moving an item under another branch', async () => {
      const root = await addItem('city', 'root');
      const left = await addItem('city', 'left', root);
      const right = await addItem('city', 'right', root);
      const reply = await move(right, left);
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const tree = await t.request({ url: '/api/dict/city', token: admin });
      expect(tree.body.data).toEqual([
        {
          value: 'root',
          label: 'ROOT',
          children: [{ value: 'left', label: 'LEFT', children: [{ value: 'right', label: 'RIGHT' }] }],
        },
      ]);
    });

    it('shows every row of a loop stored before writes were checked', async () => {
      const x = await addItem('legacy', 'x');
      const y = await addItem('legacy', 'y', x);
      // Written behind the API's back, as an older version could have.
      await t.db.db.updateTable(t.tables.dict).set({ parent_id: y }).where('id', '=', x).execute();
      const tree = await t.request({ url: '/api/dict/legacy', token: admin });
      expect(JSON.stringify(tree.body.data)).toContain('"value":"x"');
      expect(JSON.stringify(tree.body.data)).toContain('"value":"y"');
    });
  });
});
