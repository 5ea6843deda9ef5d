import { App as AntdApp, Avatar, Button, Popover, Space } from 'antd';
import {
  KeyOutlined,
  LayoutOutlined,
  LogoutOutlined,
  MobileOutlined,
  ReloadOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { logout } from '../session/actions';
import { refreshCache } from '../session/account';
import type { MenuMode } from '../session/app-settings';

/** The avatar popover: personal center, change password / mobile, refresh cache, menu mode, log out. */
export function AvatarMenu({ menuMode, onMenuMode }: { menuMode: MenuMode; onMenuMode: (mode: MenuMode) => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = AntdApp.useApp();
  const { user, app } = useSnapshot(session);
  const [open, setOpen] = useState(false);

  const go = (tab: string) => {
    setOpen(false);
    navigate(`/${app}/user/detail?tab=${tab}`);
  };
  const refresh = async () => {
    setOpen(false);
    const key = 'refresh-cache';
    void message.loading({ key, content: t('layout.refreshing'), duration: 0 });
    try {
      await refreshCache();
      void message.success({ key, content: t('layout.refreshed') });
    } catch (error) {
      void message.error({ key, content: (error as Error).message || t('error.connection') });
    }
  };
  const confirmLogout = () => {
    setOpen(false);
    modal.confirm({
      title: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout().catch(() => undefined);
        navigate(`/${app}/login`, { replace: true });
      },
    });
  };

  const item = (key: string, icon: ReactNode, label: string, onClick: () => void) => (
    <Button
      key={key}
      type="text"
      block
      icon={icon}
      onClick={onClick}
      style={{ justifyContent: 'flex-start' }}
      data-testid={`avatar-${key}`}
    >
      {label}
    </Button>
  );
  const content = (
    <div style={{ display: 'flex', flexDirection: 'column', minWidth: 160 }}>
      {item('center', <UserOutlined />, t('layout.personalCenter'), () => go('base'))}
      {item('password', <KeyOutlined />, t('layout.changePassword'), () => go('change-password'))}
      {item('mobile', <MobileOutlined />, t('layout.changeMobile'), () => go('change-mobile'))}
      {item('refresh', <ReloadOutlined />, t('layout.refreshCache'), () => void refresh())}
      {item('menu-mode', <LayoutOutlined />, menuMode === 'side' ? t('layout.menuTop') : t('layout.menuSide'), () => {
        setOpen(false);
        onMenuMode(menuMode === 'side' ? 'top' : 'side');
      })}
      {item('logout', <LogoutOutlined />, t('layout.logout'), confirmLogout)}
    </div>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" open={open} onOpenChange={setOpen}>
      <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
        <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
        <span>{user?.name}</span>
      </Space>
    </Popover>
  );
}
