/**
 * The menu component (building-blocks §2.10): vertical (inline submenus), collapsed (narrow, each
 * label cut to its first 2 characters, full label as the tooltip title) or horizontal; built from
 * a parent_id tree. `collapsible` adds a toggle between vertical and collapsed. Icons are names:
 * the caller renders them (renderIcon), so this block does not pull in every icon.
 */
import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Menu, type MenuProps } from 'antd';
import { useMemo, useState, type ReactNode } from 'react';
import type { Lang } from '../../../protocol/constants';
import { useBlockLang, useBlockText } from '../confirm/lang';
import { buildMenuTree, collapsedLabel, type MenuItemInput, type MenuNode } from './tree';

export type TreeMenuMode = 'vertical' | 'collapsed' | 'horizontal';

export interface TreeMenuProps {
  items: readonly MenuItemInput[];
  mode?: TreeMenuMode;
  /** Shows a fold toggle (vertical ↔ collapsed); the mode prop is the starting state. */
  collapsible?: boolean;
  selectedKey?: string;
  onSelect?: (item: MenuItemInput, key: string) => void;
  renderIcon?: (name: string) => ReactNode;
  lang?: Lang;
}

type AntItem = NonNullable<MenuProps['items']>[number];

function toAntItems(nodes: MenuNode[], collapsed: boolean, renderIcon?: (name: string) => ReactNode): AntItem[] {
  return nodes.map((node) => {
    const label = collapsed ? <span title={node.label}>{collapsedLabel(node.label)}</span> : node.label;
    const icon = node.icon && renderIcon ? renderIcon(node.icon) : undefined;
    return node.children
      ? { key: node.key, label, icon, children: toAntItems(node.children, collapsed, renderIcon) }
      : { key: node.key, label, icon };
  });
}

function flatten(nodes: MenuNode[], into = new Map<string, MenuNode>()) {
  for (const node of nodes) {
    into.set(node.key, node);
    if (node.children) flatten(node.children, into);
  }
  return into;
}

export function TreeMenu({
  items,
  mode = 'vertical',
  collapsible,
  selectedKey,
  onSelect,
  renderIcon,
  lang,
}: TreeMenuProps) {
  const t = useBlockText(lang);
  const resolvedLang = useBlockLang(lang);
  const [collapsed, setCollapsed] = useState(mode === 'collapsed');
  const tree = useMemo(() => buildMenuTree(items, resolvedLang), [items, resolvedLang]);
  const byKey = useMemo(() => flatten(tree), [tree]);
  const horizontal = mode === 'horizontal';
  const isCollapsed = !horizontal && collapsed;

  return (
    <div className={`tessera-menu tessera-menu-${horizontal ? 'horizontal' : isCollapsed ? 'collapsed' : 'vertical'}`}>
      {collapsible && !horizontal && (
        <Button
          type="text"
          aria-label={t(isCollapsed ? 'blocks.menu.expand' : 'blocks.menu.collapse')}
          icon={isCollapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={() => setCollapsed((c) => !c)}
        />
      )}
      <Menu
        mode={horizontal ? 'horizontal' : isCollapsed ? 'vertical' : 'inline'}
        style={isCollapsed ? { width: 80 } : undefined}
        items={toAntItems(tree, isCollapsed, renderIcon)}
        selectedKeys={selectedKey ? [selectedKey] : undefined}
        onClick={({ key }) => {
          const node = byKey.get(String(key));
          if (node) onSelect?.(node.item, node.key);
        }}
      />
    </div>
  );
}
