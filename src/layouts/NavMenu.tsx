import { Menu, type MenuProps } from 'antd';
import { AppstoreOutlined, FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { buildMenuTree, type MenuNode } from '../session/menu-tree';
import { menuTarget } from '../routes/guard';
import type { MenuInfo } from '../session/types';
import { safeUrl } from '../pages/safe-url';

type Item = Required<MenuProps>['items'][number];

/**
 * The icons menu rows name (./menu-icons.tsx) are fetched after the first paint, not with it: they
 * cost the first list page's JavaScript budget (tests/build/first-page-size.test.ts). Until they
 * arrive a row shows the neutral icon of its kind, the same size, so nothing moves.
 */
let namedIcons: Record<string, ReactNode> | undefined;
const iconsLoading = import('./menu-icons').then((m) => (namedIcons = m.MENU_ICONS));

function useNamedIcons(): Record<string, ReactNode> | undefined {
  const [icons, setIcons] = useState(namedIcons);
  useEffect(() => {
    let live = true;
    if (!icons) void iconsLoading.then((loaded) => live && setIcons(loaded)).catch(() => undefined);
    return () => {
      live = false;
    };
  }, [icons]);
  return icons;
}

/** The menu from the user's roles, as a tree from parent_id: inline (side) or horizontal (top). */
export function NavMenu({
  path,
  mode,
  collapsed = false,
}: {
  path: string;
  mode: 'inline' | 'horizontal';
  collapsed?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { menus, app } = useSnapshot(session);
  const list = useMemo(() => (menus ?? []) as MenuInfo[], [menus]);
  const tree = useMemo(() => buildMenuTree(list), [list]);
  const byId = useMemo(() => new Map(list.map((m) => [String(m.id), m])), [list]);

  const icons = useNamedIcons();
  const iconOf = (node: MenuNode) =>
    (node.icon && icons?.[node.icon]) ||
    (node.children.length ? <FolderOutlined aria-hidden /> : <AppstoreOutlined aria-hidden />);
  const toItem = (node: MenuNode): Item =>
    node.children.length
      ? { key: node.id, label: node.title, icon: iconOf(node), children: node.children.map(toItem) }
      : { key: node.id, label: node.title, icon: iconOf(node) };
  const items: Item[] = [
    { key: '__home', label: t('layout.home'), icon: <HomeOutlined aria-hidden /> },
    ...tree.map(toItem),
  ];

  const selected = path === 'index' ? '__home' : list.find((m) => menuTarget(m, app).route === `/${app}/${path}`)?.id;
  const folderKeys = useMemo(() => tree.filter((n) => n.children.length).map((n) => n.id), [tree]);
  // Folders start open, also when the menus arrive after the first render (defaultOpenKeys would not).
  const [openKeys, setOpenKeys] = useState<string[]>(folderKeys);
  const folderSignature = folderKeys.join(',');
  useEffect(() => setOpenKeys(folderSignature ? folderSignature.split(',') : []), [folderSignature]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === '__home') return navigate(`/${app}/index`);
    const menu = byId.get(key);
    if (!menu) return;
    const target = menuTarget(menu, app);
    if (target.external) {
      const url = safeUrl(target.external);
      if (url) window.open(url, '_blank', 'noopener,noreferrer');
    } else if (target.route) navigate(target.route);
  };

  return (
    <Menu
      mode={mode}
      items={items}
      selectedKeys={selected ? [selected] : []}
      {...(mode === 'inline' && !collapsed ? { openKeys, onOpenChange: setOpenKeys } : {})}
      onClick={onClick}
      style={mode === 'inline' ? { borderInlineEnd: 'none' } : { flex: 1, minWidth: 0, borderBottom: 'none' }}
      data-testid={`nav-${mode}`}
    />
  );
}
