/**
 * REST mode with parentKey (GET common/:table?parentKey=…): the same tree as the POST list —
 * rows nested under `children`, roots paged and counted — so a tree-select dictionary can use the
 * plain GET. The parent column is resolved against the table like every other name.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { addModule, createRows } from '../bad-input/fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

interface Node {
  id: string;
  title: string;
  parent_id: string | null;
  children?: Node[];
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    token = await t.signIn();
    await addModule(t, 'folder', { title: 'string', parent_id: 'string', kind: 'string' });
    [ids.root] = await createRows(t, token, 'folder', [{ title: 'root', kind: 'x' }]);
    [ids.a, ids.b] = await createRows(t, token, 'folder', [
      { title: 'a', parent_id: ids.root, kind: 'x' },
      { title: 'b', parent_id: ids.root, kind: 'y' },
    ]);
    [ids.a1, ids.other] = await createRows(t, token, 'folder', [
      { title: 'a1', parent_id: ids.a, kind: 'x' },
      { title: 'other', kind: 'x' },
    ]);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const get = async (query: string) => {
    const reply = await t.request({ url: `/api/common/folder?${query}`, token });
    return reply.body as { code: string; message: string; data: { list: Node[]; total: number } };
  };
  /** Titles as a nested outline, order kept: ['root', ['a', ['a1'], 'b'], 'other']. */
  const outline = (rows: Node[]): unknown[] =>
    rows.flatMap((r) => (r.children ? [r.title, outline(r.children)] : [r.title]));

  describe('GET with parentKey', () => {
    it('nests rows under children and pages the roots', async () => {
      const body = await get('parentKey=parent_id&pageSize=10');
      expect(body.code).toBe(ResultCode.SUCCESS);
      expect(body.data.total).toBe(2);
      // Default order is create_at desc: `other` was created after `root`, b/a share a tick order.
      const byTitle = Object.fromEntries(body.data.list.map((r) => [r.title, r]));
      expect(Object.keys(byTitle).sort()).toEqual(['other', 'root']);
      expect(byTitle.other).not.toHaveProperty('children');
      const root = byTitle.root!;
      expect(root.id).toBe(ids.root);
      expect(root.children!.map((c) => c.title).sort()).toEqual(['a', 'b']);
      const a = root.children!.find((c) => c.title === 'a')!;
      expect(a).toMatchObject({ id: ids.a, parent_id: ids.root });
      expect(a.children).toEqual([expect.objectContaining({ id: ids.a1, title: 'a1', parent_id: ids.a })]);
      expect(root.children!.find((c) => c.title === 'b')).not.toHaveProperty('children');

      const page = await get('parentKey=parent_id&current=2&pageSize=1');
      expect(page.data.total).toBe(2);
      expect(page.data.list).toHaveLength(1);
      expect(outline([...body.data.list])).toContain(page.data.list[0]!.title);
    });

    it('keeps EQUAL filters beside parentKey; a filtered-out parent makes its child a root', async () => {
      const body = await get('parentKey=parent_id&kind=x');
      expect(body.code).toBe(ResultCode.SUCCESS);
      const titles = body.data.list.map((r) => r.title).sort();
      expect(titles).toEqual(['other', 'root']);
      const root = body.data.list.find((r) => r.title === 'root')!;
      expect(outline(root.children!)).toEqual(['a', ['a1']]);

      const onlyB = await get('parentKey=parent_id&kind=y');
      expect(onlyB.data).toEqual({
        list: [expect.objectContaining({ id: ids.b, title: 'b', parent_id: ids.root })],
        total: 1,
      });
      expect(onlyB.data.list[0]).not.toHaveProperty('children');
    });

    it('refuses a parentKey that is not a column, and a repeated one, running nothing', async () => {
      const unknown = await get('parentKey=secret');
      expect(unknown.code).toBe(ResultCode.BAD_REQUEST);
      expect(unknown.message).toBe('不存在的字段：secret');
      const injected = await get(`parentKey=${encodeURIComponent('parent_id; drop table x')}`);
      expect(injected.code).toBe(ResultCode.BAD_REQUEST);
      const twice = await get('parentKey=parent_id&parentKey=title');
      expect(twice.code).toBe(ResultCode.BAD_REQUEST);
      // Without parentKey the answer stays flat (parent_id is just a column).
      const flat = await get('pageSize=10');
      expect(flat.data.total).toBe(5);
      expect(flat.data.list.every((r) => !('children' in r))).toBe(true);
    });
  });
});
