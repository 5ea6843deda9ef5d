/**
 * The Task page (admins): the app's scheduled tasks with their schedule, next run and last run;
 * new / edit in a form that explains the cron expression; run now (the answer is the run, added
 * to the history); the history in a drawer; delete.
 */
// This node's catalog joins the shared one when it loads (protocol/messages/late.ts).
import '../../../protocol/messages/late';
import { useCallback, useEffect, useState } from 'react';
import { Button, Card, Popconfirm, Space, Table, Tag, Typography, message } from 'antd';
import { CaretRightOutlined, PlusOutlined } from '@ant-design/icons';
import { useRuntime, useT } from '../../react/context';
import { tasksApi, type TaskView } from './api';
import { RunHistory, RunStatus } from './RunHistory';
import { TaskForm } from './TaskForm';

export interface TasksNodeSchema {
  type: 'tasks';
  key?: string;
  props?: { pageSize?: number };
}

export function TasksNode({ node }: { node: TasksNodeSchema }) {
  const { request } = useRuntime();
  const t = useT();
  const pageSize = node.props?.pageSize ?? 10;
  const [current, setCurrent] = useState(1);
  const [answer, setAnswer] = useState<{ list: TaskView[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(false);
  const [editing, setEditing] = useState<{ task?: TaskView } | undefined>();
  const [history, setHistory] = useState<TaskView>();
  const [runs, setRuns] = useState(0);
  const [running, setRunning] = useState<string>();

  const load = useCallback(async () => {
    setLoading(true);
    try {
      setAnswer(await tasksApi(request).list(current, pageSize));
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setLoading(false);
    }
  }, [request, current, pageSize]);
  useEffect(() => void load(), [load]);

  const runNow = async (task: TaskView) => {
    setRunning(task.id);
    try {
      const run = await tasksApi(request).run(task.id);
      if (run.status === 'success') void message.success(t('tasks.ranOk'));
      else void message.warning(t('tasks.ranBad', { status: t(`tasks.status.${run.status}`) }));
      setRuns((n) => n + 1);
      setHistory(task);
      await load();
    } catch (error) {
      void message.error((error as Error).message);
    } finally {
      setRunning(undefined);
    }
  };
  const remove = async (task: TaskView) => {
    try {
      await tasksApi(request).remove(task.id);
      await load();
    } catch (error) {
      void message.error((error as Error).message);
    }
  };

  return (
    <Card
      data-testid="tasks"
      title={t('tasks.page')}
      extra={
        <Button type="primary" icon={<PlusOutlined />} data-testid="task-new" onClick={() => setEditing({})}>
          {t('tasks.new')}
        </Button>
      }
    >
      <Table<TaskView>
        rowKey="id"
        loading={loading}
        dataSource={answer.list}
        pagination={{ current, pageSize, total: answer.total, onChange: setCurrent, showSizeChanger: false }}
        scroll={{ x: 960 }}
        columns={[
          { title: t('tasks.name'), dataIndex: 'name', width: 160 },
          {
            title: t('tasks.cron'),
            dataIndex: 'cron',
            width: 170,
            render: (cron: string, task) => (
              <Space direction="vertical" size={0}>
                <Typography.Text code>{cron}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {task.timezone}
                </Typography.Text>
              </Space>
            ),
          },
          {
            title: t('tasks.action'),
            dataIndex: 'action',
            width: 110,
            render: (action: string) => t(`tasks.action.${action}`),
          },
          {
            title: t('tasks.enabled'),
            dataIndex: 'enabled',
            width: 90,
            render: (on: boolean) => <Tag color={on ? 'green' : 'default'}>{on ? t('tasks.on') : t('tasks.off')}</Tag>,
          },
          {
            title: t('tasks.nextRun'),
            dataIndex: 'next',
            width: 180,
            render: (next: number[]) => (next[0] ? new Date(next[0]).toLocaleString() : '—'),
          },
          {
            title: t('tasks.lastRun'),
            dataIndex: 'last_run',
            width: 220,
            render: (_, task) =>
              task.last_run ? (
                <Space size={4}>
                  <RunStatus run={task.last_run} />
                  <span>{new Date(task.last_run.started_at).toLocaleString()}</span>
                </Space>
              ) : (
                '—'
              ),
          },
          {
            title: t('tasks.operations'),
            key: 'ops',
            fixed: 'right',
            width: 250,
            render: (_, task) => (
              <Space size={0} wrap>
                <Button
                  type="link"
                  size="small"
                  icon={<CaretRightOutlined />}
                  loading={running === task.id}
                  data-testid="task-run"
                  onClick={() => void runNow(task)}
                >
                  {t('tasks.runNow')}
                </Button>
                <Button type="link" size="small" data-testid="task-history" onClick={() => setHistory(task)}>
                  {t('tasks.history')}
                </Button>
                <Button type="link" size="small" onClick={() => setEditing({ task })}>
                  {t('tasks.edit')}
                </Button>
                <Popconfirm
                  title={t('tasks.deleteConfirm', { name: task.name })}
                  okText={t('messages.delete')}
                  cancelText={t('messages.cancel')}
                  onConfirm={() => remove(task)}
                >
                  <Button type="link" size="small" danger>
                    {t('messages.delete')}
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <TaskForm
        open={Boolean(editing)}
        task={editing?.task}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          setEditing(undefined);
          void load();
        }}
      />
      <RunHistory task={history} refresh={runs} onClose={() => setHistory(undefined)} />
    </Card>
  );
}
