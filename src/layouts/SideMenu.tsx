import { Menu, type MenuProps } from 'antd';
import { AppstoreOutlined, FolderOutlined, HomeOutlined } from '@ant-design/icons';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { buildMenuTree, type MenuNode } from '../session/menu-tree';
import { menuTarget } from '../routes/guard';
import type { MenuInfo } from '../session/types';

type Item = Required<MenuProps>['items'][number];

/** The menu from the user's roles, as a tree from parent_id. */
export function SideMenu({ path, collapsed }: { path: string; collapsed: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { menus, app } = useSnapshot(session);
  const tree = useMemo(() => buildMenuTree((menus ?? []) as MenuInfo[]), [menus]);
  const byId = useMemo(() => new Map(((menus ?? []) as MenuInfo[]).map((m) => [String(m.id), m])), [menus]);

  const toItem = (node: MenuNode): Item =>
    node.children.length
      ? { key: node.id, label: node.title, icon: <FolderOutlined />, children: node.children.map(toItem) }
      : { key: node.id, label: node.title, icon: <AppstoreOutlined /> };
  const items: Item[] = [{ key: '__home', label: t('layout.home'), icon: <HomeOutlined /> }, ...tree.map(toItem)];

  const selected = path === 'index' ? '__home' : ((menus ?? []) as MenuInfo[]).find((m) => menuTarget(m, app).route === `/${app}/${path}`)?.id;
  const openKeys = useMemo(() => tree.filter((n) => n.children.length).map((n) => n.id), [tree]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    if (key === '__home') return navigate(`/${app}/index`);
    const menu = byId.get(key);
    if (!menu) return;
    const target = menuTarget(menu, app);
    if (target.external) window.open(target.external, '_blank', 'noopener,noreferrer');
    else if (target.route) navigate(target.route);
  };

  return (
    <Menu
      mode="inline"
      items={items}
      selectedKeys={selected ? [selected] : []}
      defaultOpenKeys={collapsed ? [] : openKeys}
      onClick={onClick}
      style={{ borderInlineEnd: 'none' }}
    />
  );
}
