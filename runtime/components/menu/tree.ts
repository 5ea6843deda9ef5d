/**
 * Menu items → a tree (building-blocks §3 "Menu item": id or value, parent_id, title or label,
 * icon, children). Input may be flat (parent_id) or nested (children) or both. Headless and pure.
 * An item whose parent is missing becomes a root; items caught in a parent_id cycle are left out
 * rather than looping.
 */
import { textOf, type Text } from '../../../protocol/page-schema';

export interface MenuItemInput {
  id?: string | number;
  value?: string | number;
  parent_id?: string | number | null;
  title?: Text;
  label?: Text;
  icon?: string;
  children?: MenuItemInput[];
  [extra: string]: unknown;
}

export interface MenuNode {
  key: string;
  label: string;
  icon?: string;
  children?: MenuNode[];
  /** The item as given, for the caller's onSelect. */
  item: MenuItemInput;
}

/** Collapsed menus show the first 2 characters of a label (whole characters, not UTF-16 halves). */
export const COLLAPSED_LABEL_LENGTH = 2;
export const collapsedLabel = (label: string) => Array.from(label).slice(0, COLLAPSED_LABEL_LENGTH).join('');

const keyOf = (item: MenuItemInput) => {
  const key = item.id ?? item.value;
  return key === undefined || key === null ? undefined : String(key);
};

const isRootParent = (parent: unknown) =>
  parent === undefined || parent === null || parent === '' || parent === 0 || parent === '0';

export function buildMenuTree(items: readonly MenuItemInput[], lang: 'zh' | 'en' = 'zh'): MenuNode[] {
  // Flatten nested children, giving each child its parent's key unless it names one itself.
  const flat: { key: string; parent?: string; item: MenuItemInput }[] = [];
  const visit = (list: readonly MenuItemInput[], parent?: string) => {
    for (const item of list) {
      const key = keyOf(item);
      if (key === undefined) continue;
      const own = isRootParent(item.parent_id) ? undefined : String(item.parent_id);
      flat.push({ key, parent: own ?? parent, item });
      if (item.children?.length) visit(item.children, key);
    }
  };
  visit(items);

  const byKey = new Map<string, (typeof flat)[number]>();
  for (const entry of flat) if (!byKey.has(entry.key)) byKey.set(entry.key, entry);
  const childrenOf = new Map<string | undefined, string[]>();
  for (const entry of byKey.values()) {
    const parent =
      entry.parent !== undefined && byKey.has(entry.parent) && entry.parent !== entry.key ? entry.parent : undefined;
    childrenOf.set(parent, [...(childrenOf.get(parent) ?? []), entry.key]);
  }

  const seen = new Set<string>();
  const build = (parent: string | undefined): MenuNode[] =>
    (childrenOf.get(parent) ?? [])
      .filter((key) => !seen.has(key) && (seen.add(key), true))
      .map((key) => {
        const { item } = byKey.get(key)!;
        const node: MenuNode = { key, label: textOf(item.title ?? item.label, lang) || key, item };
        if (item.icon) node.icon = item.icon;
        const children = build(key);
        if (children.length) node.children = children;
        return node;
      });
  return build(undefined);
}
