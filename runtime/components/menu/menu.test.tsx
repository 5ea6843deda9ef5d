// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TreeMenu } from './TreeMenu';
import { buildMenuTree, collapsedLabel, type MenuItemInput } from './tree';

const items: MenuItemInput[] = [
  { id: 1, parent_id: 0, title: '系统管理', icon: 'setting' },
  { id: 2, parent_id: 1, title: '用户管理' },
  { id: 3, parent_id: 1, title: { zh: '角色管理', en: 'Roles' } },
  { value: 'crm', label: '客户关系', children: [{ value: 'lead', label: '线索' }] },
  { id: 9, parent_id: 404, title: '孤儿菜单' },
];

describe('buildMenuTree', () => {
  it('builds the tree from parent_id and nested children, id or value, title or label', () => {
    const tree = buildMenuTree(items, 'en');
    expect(tree.map((n) => [n.key, n.label])).toEqual([
      ['1', '系统管理'],
      ['crm', '客户关系'],
      ['9', '孤儿菜单'],
    ]);
    expect(tree[0]!.icon).toBe('setting');
    expect(tree[0]!.children!.map((n) => n.label)).toEqual(['用户管理', 'Roles']);
    expect(tree[1]!.children!.map((n) => n.key)).toEqual(['lead']);
  });

  it('leaves out a parent_id cycle instead of looping', () => {
    const tree = buildMenuTree([
      { id: 'a', parent_id: 'b', title: 'A' },
      { id: 'b', parent_id: 'a', title: 'B' },
      { id: 'c', title: 'C' },
    ]);
    expect(tree.map((n) => n.key)).toEqual(['c']);
  });

  it('collapsed labels keep the first 2 whole characters', () => {
    expect(collapsedLabel('系统管理')).toBe('系统');
    expect(collapsedLabel('🚀火箭发射')).toBe('🚀火');
    expect(collapsedLabel('A')).toBe('A');
  });
});

describe('<TreeMenu>', () => {
  it('vertical: full labels; a click reports the item', async () => {
    const picked: unknown[] = [];
    render(<TreeMenu items={items} onSelect={(item, key) => picked.push([key, item.title])} />);
    expect(screen.getByText('系统管理')).toBeTruthy();
    fireEvent.click(screen.getByText('系统管理'));
    fireEvent.click(await screen.findByText('用户管理'));
    expect(picked).toEqual([['2', '用户管理']]);
  });

  it('collapsed shows the first 2 characters; the toggle expands it to full labels', async () => {
    render(<TreeMenu items={items} mode="collapsed" collapsible />);
    expect(screen.getByText('系统')).toBeTruthy();
    expect(screen.getByText('客户')).toBeTruthy();
    expect(screen.queryByText('系统管理')).toBeNull();
    expect(screen.getByTitle('系统管理')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '展开菜单' }));
    await waitFor(() => expect(screen.getByText('系统管理')).toBeTruthy());
    expect(document.querySelector('.tessera-menu-vertical')).toBeTruthy();
  });

  it('horizontal: a horizontal antd menu with full labels and no toggle', () => {
    render(<TreeMenu items={items} mode="horizontal" collapsible />);
    expect(document.querySelector('.ant-menu-horizontal')).toBeTruthy();
    expect(screen.getByText('客户关系')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '收起菜单' })).toBeNull();
  });
});
