/**
 * The to-do list (`backlog`, every signed-in user; docs/workflow.md): my pending approvals and the
 * ones I am done with, a keyword filter, the record opened in a drawer with its timeline, and
 * approve / reject with a comment from the list or the drawer. Live: a `todo.changed` for me (the
 * event the to-do bell reads) or a stream reset reloads the shown list, with its tab, keyword and
 * page, debounced (use-server-event.ts); the 刷新 button stays for a host without a stream.
 */
import { message as antMessage, Button, Descriptions, Drawer, Input, Modal, Space, Table, Tabs, Tag } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntime, useT } from '../../react/context';
import { useServerEventReload } from '../../react/use-server-event';
import { flowsApi, type Timeline, type TodoItem } from './api';
import { ApprovalTimeline } from './Timeline';

const LIVE_EVENTS = ['todo.changed', 'stream.reset'] as const;

type Decision = { todo: Pick<TodoItem, 'id' | 'title'>; action: 'approve' | 'reject' };

export function Backlog() {
  const { request, tablePrefix } = useRuntime();
  const t = useT();
  const [message, messageHolder] = antMessage.useMessage();
  const api = useMemo(() => flowsApi(request, tablePrefix), [request, tablePrefix]);
  const [status, setStatus] = useState<'pending' | 'done'>('pending');
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ list: TodoItem[]; total: number }>();
  const [open, setOpen] = useState<{ todo: TodoItem; timeline?: Timeline }>();
  const [decision, setDecision] = useState<Decision>();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(
    () => api.todos(status, keyword, page).then(setRows, (e: Error) => void message.warning(e.message)),
    [api, status, keyword, page, message],
  );
  useEffect(() => void load(), [load]);
  useServerEventReload(LIVE_EVENTS, () => void load());

  const show = (todo: TodoItem) => {
    setOpen({ todo });
    api.timeline(todo.module, todo.record_id).then(
      (timeline) => setOpen({ todo, timeline }),
      (e: Error) => void message.warning(e.message),
    );
  };
  const decide = async () => {
    if (!decision) return;
    setBusy(true);
    try {
      await api.act(decision.action, {
        todoId: decision.todo.id,
        ...(comment.trim() ? { comment: comment.trim() } : {}),
      });
      message.success(t(decision.action === 'approve' ? 'flows.ui.approved' : 'flows.ui.rejected'));
      setDecision(undefined);
      setComment('');
      setOpen(undefined);
      await load();
    } catch (error) {
      message.warning((error as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const actions = (todo: Pick<TodoItem, 'id' | 'title'>) => (
    <Space>
      <Button size="small" type="primary" onClick={() => setDecision({ todo, action: 'approve' })}>
        {t('flows.ui.approve')}
      </Button>
      <Button size="small" danger onClick={() => setDecision({ todo, action: 'reject' })}>
        {t('flows.ui.reject')}
      </Button>
    </Space>
  );

  const columns = [
    { title: t('flows.ui.todoTitle'), dataIndex: 'title', key: 'title' },
    { title: t('flows.ui.starter'), dataIndex: 'starter_name', key: 'starter' },
    {
      title: t(status === 'pending' ? 'flows.ui.receivedAt' : 'flows.ui.doneAt'),
      key: 'time',
      render: (_: unknown, row: TodoItem) =>
        new Date((status === 'pending' ? row.create_at : row.done_at) ?? 0).toLocaleString(),
    },
    ...(status === 'done'
      ? [
          {
            title: t('flows.ui.result'),
            key: 'result',
            render: (_: unknown, row: TodoItem) => <Tag>{t(`flows.result.${row.result ?? 'closed'}`)}</Tag>,
          },
        ]
      : []),
    {
      title: t('flows.ui.operation'),
      key: 'op',
      render: (_: unknown, row: TodoItem) => (
        <Space>
          <Button size="small" onClick={() => show(row)}>
            {t('flows.ui.open')}
          </Button>
          {status === 'pending' && actions(row)}
        </Space>
      ),
    },
  ];

  return (
    <div className="tessera-backlog" data-testid="backlog">
      {messageHolder}
      <Tabs
        activeKey={status}
        onChange={(key) => {
          setStatus(key as 'pending' | 'done');
          setPage(1);
        }}
        items={[
          { key: 'pending', label: t('flows.ui.pending') },
          { key: 'done', label: t('flows.ui.done') },
        ]}
        tabBarExtraContent={
          <Space>
            <Button onClick={() => void load()} data-testid="backlog-refresh">
              {t('flows.ui.refresh')}
            </Button>
            <Input.Search
              allowClear
              placeholder={t('flows.ui.keyword')}
              onSearch={(value) => {
                setKeyword(value.trim());
                setPage(1);
              }}
              style={{ width: 240 }}
            />
          </Space>
        }
      />
      <Table<TodoItem>
        rowKey="id"
        size="small"
        loading={!rows}
        dataSource={rows?.list ?? []}
        columns={columns}
        pagination={{ current: page, pageSize: 10, total: rows?.total ?? 0, onChange: setPage }}
      />
      <Drawer
        open={Boolean(open)}
        width={560}
        title={open?.todo.title}
        onClose={() => setOpen(undefined)}
        extra={open && open.todo.status === 0 && open.timeline?.myTodoId ? actions(open.todo) : null}
      >
        {open?.timeline?.record && (
          <Descriptions size="small" column={1} bordered style={{ marginBottom: 16 }}>
            {(open.timeline.fields ?? []).map((field) => (
              <Descriptions.Item key={field.key} label={field.title}>
                {formatValue(open.timeline!.record![field.key])}
              </Descriptions.Item>
            ))}
          </Descriptions>
        )}
        {open?.timeline && <ApprovalTimeline timeline={open.timeline} />}
      </Drawer>
      <Modal
        open={Boolean(decision)}
        title={
          decision
            ? `${t(decision.action === 'approve' ? 'flows.ui.approve' : 'flows.ui.reject')} · ${decision.todo.title}`
            : ''
        }
        okText={t('flows.ui.confirm')}
        cancelText={t('flows.ui.cancel')}
        confirmLoading={busy}
        okButtonProps={{ danger: decision?.action === 'reject' }}
        onOk={() => void decide()}
        onCancel={() => setDecision(undefined)}
      >
        <Input.TextArea
          rows={3}
          maxLength={1000}
          value={comment}
          placeholder={t('flows.ui.comment')}
          onChange={(event) => setComment(event.target.value)}
        />
      </Modal>
    </div>
  );
}

/** A stored value read in the drawer (plain text; the record's own widgets live on its module page). */
function formatValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '-';
  if (typeof value === 'boolean') return value ? '✓' : '✗';
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
