/**
 * The messages button beside the to-do bell, with the unread badge and the live notification
 * (docs/messages.md). Fetched after the first paint (TopBar loads it lazily), and given what it
 * needs of the shell by TopBar: the first page's JavaScript budget is nearly full.
 */
import { App as AntdApp, Badge, Button, Tooltip } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { useMessageCount, type MessageCountDeps } from './use-message-count';

export interface MessageBellProps {
  deps: MessageCountDeps;
  /** The shell's translation (the labels are in its first-page catalog). */
  t: (key: string) => string;
  badgeOf: (count: number) => string | undefined;
  onOpen: () => void;
}

export function MessageBell({ deps, t, badgeOf, onOpen }: MessageBellProps) {
  const { notification } = AntdApp.useApp();
  // A new message: its title in a notification that opens the messages page.
  const unread = useMessageCount(deps, (event) =>
    notification.info({
      key: event.batchId,
      message: t('bar.newMessage'),
      description: event.title,
      placement: 'topRight',
      onClick: onOpen,
    }),
  );
  return (
    <Tooltip title={t('bar.messages')}>
      <Button type="text" aria-label={t('bar.messages')} data-testid="bar-messages" onClick={onOpen}>
        <Badge count={badgeOf(unread)} size="small" data-testid="message-badge">
          <MailOutlined style={{ fontSize: 16 }} />
        </Badge>
      </Button>
    </Tooltip>
  );
}
