import { Menu, type MenuProps } from 'antd';
import {
  AppstoreOutlined,
  ApartmentOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  FolderOutlined,
  HomeOutlined,
  LinkOutlined,
  MenuOutlined,
  SafetyOutlined,
  SettingOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { buildMenuTree, type MenuNode } from '../session/menu-tree';
import { menuTarget } from '../routes/guard';
import type { MenuInfo } from '../session/types';
import { safeUrl } from '../pages/FramePage';

type Item = Required<MenuProps>['items'][number];

/**
 * Icons a menu row may name. A closed map rather than the whole icon set: the set is ~1 MB, and a
 * name outside the map falls back to a neutral icon.
 */
// Decorative (aria-hidden): a menu item is named by its title alone.
const ICONS: Record<string, ReactNode> = {
  AppstoreOutlined: <AppstoreOutlined aria-hidden />,
  ApartmentOutlined: <ApartmentOutlined aria-hidden />,
  DashboardOutlined: <DashboardOutlined aria-hidden />,
  DatabaseOutlined: <DatabaseOutlined aria-hidden />,
  FolderOutlined: <FolderOutlined aria-hidden />,
  LinkOutlined: <LinkOutlined aria-hidden />,
  MenuOutlined: <MenuOutlined aria-hidden />,
  SafetyOutlined: <SafetyOutlined aria-hidden />,
  SettingOutlined: <SettingOutlined aria-hidden />,
  TeamOutlined: <TeamOutlined aria-hidden />,
  UserOutlined: <UserOutlined aria-hidden />,
};

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

  const iconOf = (node: MenuNode) =>
    (node.icon && ICONS[node.icon]) ||
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
