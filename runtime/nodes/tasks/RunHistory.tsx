/** A task's run history, newest first: status, start, duration, and its output or error. */
import { useEffect, useState } from 'react';
import { Drawer, Table, Tag, Typography, message } from 'antd';
import { useRuntime, useT } from '../../react/context';
import { tasksApi, type RunView, type TaskView } from './api';

export const STATUS_COLOURS: Record<RunView['status'], string> = {
  running: 'processing',
  success: 'success',
  fail: 'error',
  timeout: 'warning',
};

export function RunStatus({ run }: { run: RunView }) {
  const t = useT();
  return <Tag color={STATUS_COLOURS[run.status]}>{t(`tasks.status.${run.status}`)}</Tag>;
}

export function RunHistory({ task, refresh, onClose }: { task?: TaskView; refresh: number; onClose: () => void }) {
  const { request } = useRuntime();
  const t = useT();
  const [runs, setRuns] = useState<RunView[]>([]);
  const [loading, setLoading] = useState(false);

  useEffect(() => {
    if (!task) return;
    setLoading(true);
    tasksApi(request)
      .runs(task.id)
      .then(setRuns)
      .catch((error: Error) => void message.error(error.message))
      .finally(() => setLoading(false));
  }, [request, task, refresh]);

  return (
    <Drawer open={Boolean(task)} width={720} title={t('tasks.historyOf', { name: task?.name ?? '' })} onClose={onClose}>
      <Table<RunView>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={runs}
        pagination={{ pageSize: 10 }}
        data-testid="task-runs"
        columns={[
          { title: t('tasks.status'), dataIndex: 'status', width: 96, render: (_, run) => <RunStatus run={run} /> },
          {
            title: t('tasks.startedAt'),
            dataIndex: 'started_at',
            width: 180,
            render: (ms: number) => new Date(ms).toLocaleString(),
          },
          {
            title: t('tasks.duration'),
            dataIndex: 'duration_ms',
            width: 96,
            render: (ms: number | null) => (ms === null ? '—' : `${ms} ms`),
          },
          {
            title: t('tasks.output'),
            dataIndex: 'output',
            render: (text: string) => (
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', fontFamily: 'monospace', fontSize: 12, marginBottom: 0 }}
                ellipsis={{ rows: 3, expandable: true }}
              >
                {text}
              </Typography.Paragraph>
            ),
          },
        ]}
      />
    </Drawer>
  );
}
