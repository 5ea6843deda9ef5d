// The core admin pages of issue 4 are page schemas under schemas/pages/system/ (rendered by the
// runtime): what each must offer, read from the committed files themselves.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

interface Field {
  key: string;
  type: string;
  props?: Record<string, unknown>;
  selectItems?: { value: unknown }[];
  hiddenFn?: string;
  dictApi?: { url: string; params?: Record<string, unknown> };
}
interface Block {
  type: string;
  parentKey?: string;
  sorts?: { key: string; order: string }[];
  dataSource?: { kind: string; api?: string };
  fields: Field[];
}

const pageOf = (name: string) =>
  JSON.parse(readFileSync(`schemas/pages/system/${name}.json`, 'utf8')) as { type: string; body: Block[] };
const block = (name: string) => pageOf(name).body[0];
const field = (name: string, key: string) => {
  const found = block(name).fields.find((f) => f.key === key);
  if (!found) throw new Error(`${name}.json has no field ${key}`);
  return found;
};

describe('core admin pages as schemas (platform-shell §2, issue 4)', () => {
  it('users, roles, menus, departments and applications are list pages; the application detail is a form', () => {
    for (const name of ['user', 'role', 'menu', 'dept', 'app']) expect(block(name).type, name).toBe('list');
    expect(block('app-detail').type).toBe('form');
  });

  it('menus: a tree by parent_id in sort order, types 1–6 with the field each needs, an icon picker and a sort', () => {
    const menus = block('menu');
    expect(menus.parentKey).toBe('parent_id');
    expect(menus.sorts).toEqual([{ key: 'sort', order: 'asc' }]);
    const types = field('menu', 'type').selectItems!.map((item) => item.value);
    expect(types).toEqual(expect.arrayContaining([1, 2, 3, 4, 5, 6]));
    expect(field('menu', 'module_id').hiddenFn).toBe('type != 1');
    expect(field('menu', 'path').hiddenFn).toBe('type != 2');
    expect(field('menu', 'dashboard_id').hiddenFn).toBe('type != 3');
    expect(field('menu', 'url').hiddenFn).toBe('type < 4');
    expect(field('menu', 'icon').type).toBe('icon');
    expect(field('menu', 'sort').type).toBe('number');
    expect(field('menu', 'parent_id').type).toBe('tree-select');
  });

  it('roles: the menus are assigned as a tree of checkboxes', () => {
    const menus = field('role', 'menu_ids');
    expect(menus.type).toBe('tree-select');
    expect(menus.props).toMatchObject({ treeCheckable: true });
    expect(menus.dictApi).toMatchObject({ url: 'common/tessera_sys_menu', params: { parentKey: 'parent_id' } });
    expect(field('role', 'identify').selectItems!.map((item) => item.value)).toEqual(['admin', 'user', 'trial']);
  });

  it('departments: a tree by parent_id, the parent picked from the tree', () => {
    expect(block('dept').parentKey).toBe('parent_id');
    expect(field('dept', 'parent_id').type).toBe('tree-select');
  });

  it('applications: the detail edits ai_config and upload_config', () => {
    const keys = block('app-detail').fields.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining(['title', 'short_title', 'watermark', 'watermark_rotate', 'ai_config', 'upload_config']),
    );
  });
});
