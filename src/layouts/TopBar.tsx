import { App as AntdApp, Avatar, Button, Dropdown, Layout, Space } from 'antd';
import { LogoutOutlined, MenuFoldOutlined, MenuUnfoldOutlined, UserOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { logout } from '../session/actions';
import { LanguageSwitch } from '../components/LanguageSwitch';

/** Fold toggle on the left; language and the avatar menu on the right. */
export function TopBar({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal } = AntdApp.useApp();
  const { user, app } = useSnapshot(session);

  const confirmLogout = () =>
    modal.confirm({
      title: t('layout.logoutConfirm'),
      okText: t('common.ok'),
      cancelText: t('common.cancel'),
      onOk: async () => {
        await logout();
        navigate(`/${app}/login`, { replace: true });
      },
    });

  return (
    <Layout.Header style={{ height: 56, lineHeight: '56px', padding: '0 16px', background: '#fff', borderBottom: '1px solid #f0f0f0', display: 'flex', justifyContent: 'space-between' }}>
      <Button
        type="text"
        aria-label={collapsed ? t('layout.expand') : t('layout.collapse')}
        icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
        onClick={onToggle}
      />
      <Space size="middle">
        <LanguageSwitch />
        <Dropdown
          menu={{ items: [{ key: 'logout', icon: <LogoutOutlined />, label: t('layout.logout'), onClick: confirmLogout }] }}
          placement="bottomRight"
        >
          <Space style={{ cursor: 'pointer' }} data-testid="user-menu">
            <Avatar size="small" src={user?.avatar || undefined} icon={<UserOutlined />} />
            <span>{user?.name}</span>
          </Space>
        </Dropdown>
      </Space>
    </Layout.Header>
  );
}
