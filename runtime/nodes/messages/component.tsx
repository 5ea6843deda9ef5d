/**
 * The mess page (every signed-in user): my messages newest first, filtered all / unread / read;
 * opening one marks it read; mark all read; delete my copy. Admins (the recipients call answers
 * them only) also get a Send button. New messages arrive live: the shell's event stream dispatches
 * a window event (src/layouts/use-message-count.ts) and the list reloads.
 */
// This node's catalog joins the shared one when it loads (protocol/messages/late.ts).
import '../../../protocol/messages/late';
import { useCallback, useEffect, useState } from 'react';
import { Badge, Button, Card, Empty, List, Popconfirm, Segmented, Space, Tag, Typography, message } from 'antd';
import type { MessageInstance } from 'antd/es/message/interface';
import { CheckOutlined, DeleteOutlined, DownloadOutlined, LinkOutlined, SendOutlined } from '@ant-design/icons';
import { downloadFile } from '../../components/file-preview/file-source';
import { apiFilePath } from '../../core/upload/urls';
import { useRuntime, useT } from '../../react/context';
import { messagesApi, type InboxFilter, type MessageItem, type Recipients } from './api';
import { SendDialog } from './SendDialog';

export interface MessagesNodeSchema {
  type: 'messages';
  key?: string;
  props?: { pageSize?: number };
}

/** The window event the shell dispatches for each message event. */
const MESSAGE_WINDOW_EVENT = 'tessera:message';

const time = (ms: number) => new Date(ms).toLocaleString();

/**
 * The name a linked file is saved under: the file name the message names (a scheduled report
 * writes 报表文件：客户_导出.xlsx), else its title.
 */
function attachedName(item: Pick<MessageItem, 'title' | 'body'>): string {
  return /[^\s：:（(]+\.(?:xlsx|csv)/.exec(item.body ?? '')?.[0] ?? item.title;
}

export function MessagesNode({ node }: { node: MessagesNodeSchema }) {
  const runtime = useRuntime();
  const t = useT();
  const api = messagesApi(runtime.request);
  const pageSize = node.props?.pageSize ?? 10;
  const [filter, setFilter] = useState<InboxFilter>('all');
  const [current, setCurrent] = useState(1);
  const [answer, setAnswer] = useState<{ list: MessageItem[]; total: number; unread: number }>();
  const [loading, setLoading] = useState(false);
  const [open, setOpen] = useState<string>();
  const [recipients, setRecipients] = useState<Recipients>();
  const [sending, setSending] = useState(false);
  const request = runtime.request;

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setAnswer(await messagesApi(request).list(current, pageSize, filter));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setLoading(false);
    }
  }, [request, current, pageSize, filter]);

  useEffect(() => void load(), [load]);
  useEffect(() => {
    const reload = () => void load();
    window.addEventListener(MESSAGE_WINDOW_EVENT, reload);
    return () => window.removeEventListener(MESSAGE_WINDOW_EVENT, reload);
  }, [load]);
  // Only admins get an answer: that is what shows the Send button.
  useEffect(() => {
    messagesApi(request)
      .recipients()
      .then(setRecipients)
      .catch(() => setRecipients(undefined));
  }, [request]);

  const act = async (work: () => Promise<unknown>) => {
    try {
      await work();
      await load();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };
  const toggle = (item: MessageItem) => {
    setOpen(open === item.id ? undefined : item.id);
    if (!item.read) void act(() => api.read([item.id]));
  };

  return (
    <Card
      data-testid="messages"
      title={
        <Space>
          {t('messages.inbox')}
          <Badge count={answer?.unread ?? 0} data-testid="messages-unread" />
        </Space>
      }
      extra={
        <Space wrap>
          <Segmented<InboxFilter>
            value={filter}
            onChange={(value) => {
              setFilter(value);
              setCurrent(1);
            }}
            options={[
              { value: 'all', label: t('messages.all') },
              { value: 'unread', label: t('messages.unread') },
              { value: 'read', label: t('messages.read') },
            ]}
          />
          <Button
            icon={<CheckOutlined />}
            data-testid="messages-read-all"
            disabled={!answer?.unread}
            onClick={() => void act(() => api.readAll())}
          >
            {t('messages.readAll')}
          </Button>
          {recipients && (
            <Button type="primary" icon={<SendOutlined />} data-testid="messages-send" onClick={() => setSending(true)}>
              {t('messages.send')}
            </Button>
          )}
        </Space>
      }
    >
      <List<MessageItem>
        loading={loading}
        dataSource={answer?.list ?? []}
        locale={{ emptyText: <Empty description={t('messages.empty')} /> }}
        pagination={
          (answer?.total ?? 0) > pageSize
            ? { current, pageSize, total: answer?.total ?? 0, onChange: setCurrent, showSizeChanger: false }
            : false
        }
        renderItem={(item) => (
          <List.Item
            data-testid="message-item"
            data-read={item.read ? 'yes' : 'no'}
            actions={[
              item.link && apiFilePath(item.link) ? (
                <Button
                  key="download"
                  type="link"
                  size="small"
                  icon={<DownloadOutlined />}
                  data-testid="message-download"
                  onClick={() =>
                    void downloadFile(
                      request,
                      runtime.lang,
                      { url: item.link!, name: attachedName(item) },
                      message as MessageInstance,
                    )
                  }
                >
                  {t('messages.download')}
                </Button>
              ) : item.link && runtime.openRoute ? (
                <Button
                  key="open"
                  type="link"
                  size="small"
                  icon={<LinkOutlined />}
                  onClick={() => runtime.openRoute?.(item.link!)}
                >
                  {t('messages.open')}
                </Button>
              ) : null,
              <Popconfirm
                key="delete"
                title={t('messages.deleteConfirm')}
                okText={t('messages.delete')}
                cancelText={t('messages.cancel')}
                onConfirm={() => act(() => api.remove(item.id))}
              >
                <Button type="link" size="small" danger icon={<DeleteOutlined />} aria-label={t('messages.delete')} />
              </Popconfirm>,
            ].filter(Boolean)}
          >
            <List.Item.Meta
              avatar={<Badge status={item.read ? 'default' : 'processing'} />}
              title={
                <Typography.Link
                  strong={!item.read}
                  onClick={() => toggle(item)}
                  data-testid="message-title-link"
                  style={{ color: item.read ? undefined : 'inherit' }}
                >
                  {item.title}
                </Typography.Link>
              }
              description={
                <Space direction="vertical" size={4} style={{ width: '100%' }}>
                  <Space size={8} wrap>
                    <Tag>{t(`messages.source.${item.source}`)}</Tag>
                    {item.sender_name && <span>{item.sender_name}</span>}
                    <span>{time(item.created_at)}</span>
                  </Space>
                  {open === item.id && item.body && (
                    // Plain text, never HTML: React escapes it.
                    <Typography.Paragraph
                      style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}
                      data-testid="message-body-text"
                    >
                      {item.body}
                    </Typography.Paragraph>
                  )}
                </Space>
              }
            />
          </List.Item>
        )}
      />
      {recipients && (
        <SendDialog
          open={sending}
          recipients={recipients}
          onClose={() => setSending(false)}
          onSent={() => {
            setSending(false);
            void load();
          }}
        />
      )}
    </Card>
  );
}
