import type { MenuInfo } from './types';

export interface MenuNode extends MenuInfo {
  children: MenuNode[];
}

/** Builds the menu tree from parent_id, sorted by sort then title; orphans become roots. */
export function buildMenuTree(menus: MenuInfo[]): MenuNode[] {
  const nodes = new Map<string, MenuNode>();
  for (const menu of menus) nodes.set(String(menu.id), { ...menu, children: [] });
  const roots: MenuNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.parent_id ? nodes.get(String(node.parent_id)) : undefined;
    if (parent && parent !== node) parent.children.push(node);
    else roots.push(node);
  }
  const order = (list: MenuNode[]) => {
    list.sort((a, b) => Number(a.sort ?? 0) - Number(b.sort ?? 0) || a.title.localeCompare(b.title));
    for (const node of list) order(node.children);
  };
  order(roots);
  return roots;
}

/** The union of the roles' menu_ids (spec platform-shell §6). */
export function menuIdsOfRoles(roles: { menu_ids?: string }[]): string[] {
  const ids = new Set<string>();
  for (const role of roles) for (const id of String(role.menu_ids ?? '').split(',')) if (id.trim()) ids.add(id.trim());
  return [...ids];
}
