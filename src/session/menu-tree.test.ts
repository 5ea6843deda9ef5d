import { describe, expect, it } from 'vitest';
import { buildMenuTree, menuIdsOfRoles } from './menu-tree';

describe('menu tree', () => {
  it('nests by parent_id and sorts by sort', () => {
    const tree = buildMenuTree([
      { id: 'c', title: '客户', type: 1, parent_id: 'g', sort: 2 },
      { id: 'g', title: '客户管理', type: 2, sort: 1 },
      { id: 'd', title: '联系人', type: 1, parent_id: 'g', sort: 1 },
      { id: 'o', title: '孤儿', type: 1, parent_id: 'missing', sort: 0 },
    ]);
    expect(tree.map((n) => n.id)).toEqual(['o', 'g']);
    expect(tree[1].children.map((n) => n.id)).toEqual(['d', 'c']);
  });
  it('menus are the union of the roles menus', () => {
    expect(menuIdsOfRoles([{ menu_ids: 'a,b' }, { menu_ids: 'b, c' }, {}]).sort()).toEqual(['a', 'b', 'c']);
  });
});
