import { App as AntdApp, Badge, Button, Space, Tooltip, Typography } from 'antd';
import {
  BellOutlined,
  CustomerServiceOutlined,
  FileTextOutlined,
  InfoCircleOutlined,
  ColumnWidthOutlined,
  BorderLeftOutlined,
  MessageOutlined,
  PayCircleOutlined,
  PictureOutlined,
  PlayCircleOutlined,
  RobotOutlined,
} from '@ant-design/icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import { barItems, isAdmin, roleIdentifies, todoBadge, type MenuMode } from '../session/app-settings';
import type { AppInfo, UserInfo } from '../session/types';
import { LanguageSwitch } from '../components/LanguageSwitch';
import { AvatarMenu } from './AvatarMenu';
import { AI_CREATE_PARAM } from './ai-create-param';
import { ServiceQr } from './ServiceQr';
import { useTodoCount } from './use-todo-count';
import { fetchUnreadMessages } from '../session/account';
import { onStreamEvent, openEvents } from '../api/events';
import { TODO_POLL_MS } from '../../protocol/constants';
import { lazyComponent } from '../../runtime/react/lazy-component';
import { useSettingsEvents } from './use-settings-events';

interface Props {
  folded: boolean;
  onFold: () => void;
  menuMode: MenuMode;
  onMenuMode: (mode: MenuMode) => void;
  /** Left side of the header: the collapse toggle (side mode) or the horizontal menu (top mode). */
  left?: ReactNode;
}

/** The messages button and its badge: fetched after the first paint (the first page's budget). */
const MessageBell = lazyComponent(
  () => import('./MessageBell').then((m) => m.MessageBell),
  () => null,
);

/** What the lazily loaded messages button uses of the shell (so its chunk imports none of it). */
const MESSAGE_DEPS = { fetchUnread: fetchUnreadMessages, onStreamEvent, openEvents, pollMs: TODO_POLL_MS };

/** The top-right bar of spec platform-shell §2, each item under its own condition. */
export function TopBar({ folded, onFold, menuMode, onMenuMode, left }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { modal, message } = AntdApp.useApp();
  const { user, app, appInfo } = useSnapshot(session);
  const items = barItems(appInfo as AppInfo | undefined, user as UserInfo | undefined);
  const todo = useTodoCount(Boolean(user));
  useSettingsEvents();
  const go = (route: string) => navigate(`/${app}/${route}`);
  const icon = (key: string, label: string, node: ReactNode, onClick?: () => void) => (
    <Tooltip title={label} key={key}>
      <Button type="text" aria-label={label} data-testid={`bar-${key}`} icon={node} onClick={onClick} />
    </Tooltip>
  );

  // What the admin set on the system settings page (docs/settings.md); the QR and video buttons
  // show only once set, the about box falls back to the platform's sentence.
  const { about_text: aboutText, service_qr: serviceQr, demo_video: demoVideo } = (appInfo ?? {}) as AppInfo;
  const about = () =>
    modal.info({
      title: t('bar.about'),
      content: (
        <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }} data-testid="about-text">
          {aboutText || t('bar.aboutText', { title: appInfo?.title ?? 'Tessera' })}
        </Typography.Paragraph>
      ),
      okText: t('common.ok'),
    });
  const video = () =>
    modal.info({
      title: t('bar.video'),
      width: 720,
      content: <video src={demoVideo ?? undefined} controls style={{ width: '100%' }} data-testid="demo-video" />,
      okText: t('common.ok'),
    });
  const service = () =>
    modal.info({
      title: t('bar.service'),
      icon: null,
      width: 360,
      content: <ServiceQr picture={serviceQr ?? ''} />,
      okText: t('common.ok'),
    });
  // A trial account sees the item (spec §6) but may not create apps: the trial message, as for any write.
  const aiApp = () => {
    const trial =
      !isAdmin(user as UserInfo | undefined) && roleIdentifies(user as UserInfo | undefined).includes('trial');
    if (trial) void message.warning(t('error.trial'));
    else go(`app?${AI_CREATE_PARAM}=ai`);
  };
  const badge = todoBadge(todo);

  return (
    <div
      style={{
        height: 56,
        padding: '0 12px',
        background: '#fff',
        borderBottom: '1px solid #f0f0f0',
        display: 'flex',
        alignItems: 'center',
        gap: 12,
      }}
    >
      <div style={{ flex: 1, minWidth: 0, display: 'flex', alignItems: 'center' }}>{left}</div>
      <Space size={2} data-testid="top-bar">
        {items.aiApp && icon('ai-app', t('bar.aiApp'), <RobotOutlined />, aiApp)}
        {items.adminTools && icon('about', t('bar.about'), <InfoCircleOutlined />, about)}
        {items.adminTools && serviceQr && icon('service', t('bar.service'), <CustomerServiceOutlined />, service)}
        {items.aiChat && icon('ai-chat', t('bar.aiChat'), <MessageOutlined />, () => go('ai/chat'))}
        {items.aiDraw && icon('ai-draw', t('bar.aiDraw'), <PictureOutlined />, () => go('ai/img'))}
        {icon(
          'fold',
          folded ? t('layout.unfold') : t('layout.fold'),
          folded ? <BorderLeftOutlined /> : <ColumnWidthOutlined />,
          onFold,
        )}
        {items.adminTools && icon('readme', t('bar.readme'), <FileTextOutlined />, () => go('doc/readme'))}
        {items.adminTools && demoVideo && icon('video', t('bar.video'), <PlayCircleOutlined />, video)}
        <Tooltip title={t('bar.todo')}>
          <Button type="text" aria-label={t('bar.todo')} data-testid="bar-todo" onClick={() => go('backlog')}>
            <Badge count={badge} size="small" data-testid="todo-badge">
              <BellOutlined style={{ fontSize: 16 }} />
            </Badge>
          </Button>
        </Tooltip>
        {user && <MessageBell deps={MESSAGE_DEPS} t={t} badgeOf={todoBadge} onOpen={() => go('mess')} />}
        {items.recharge &&
          icon('recharge', t('bar.recharge'), <PayCircleOutlined />, () => go('user/detail?tab=recharge'))}
        <LanguageSwitch />
        <AvatarMenu menuMode={menuMode} onMenuMode={onMenuMode} />
      </Space>
    </div>
  );
}
