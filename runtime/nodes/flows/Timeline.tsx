/**
 * A record's approval timeline (docs/workflow.md): who submitted, approved, rejected, returned,
 * transferred, commented or withdrew, when, with their comment; the current state on top. Shown
 * in the record's detail view (runtime/nodes/list/RecordModal) and in the to-do's drawer.
 */
import '../../../protocol/messages/late';
import { Empty, Tag, Timeline as AntTimeline, Typography } from 'antd';
import { useT } from '../../react/context';
import type { Timeline } from './api';

const COLORS: Record<string, string> = {
  submit: 'blue',
  approve: 'green',
  finish: 'green',
  reject: 'red',
  withdraw: 'gray',
  return: 'orange',
  transfer: 'blue',
  comment: 'gray',
};
const STATUS_COLORS: Record<string, string> = {
  running: 'processing',
  approved: 'success',
  rejected: 'error',
  withdrawn: 'default',
};

export function ApprovalTimeline({ timeline }: { timeline: Timeline }) {
  const t = useT();
  const stepName = (step: number | null) => (step === null ? '' : (timeline.steps[step]?.name ?? ''));
  if (!timeline.events.length) return <Empty description={t('flows.ui.noTimeline')} />;
  const inst = timeline.instance;
  return (
    <div data-testid="flow-timeline">
      {inst && (
        <Typography.Paragraph>
          <Tag color={STATUS_COLORS[inst.status]} data-testid="flow-status">
            {t(`flows.status.${inst.status}`)}
          </Tag>
          {inst.status === 'running' && (
            <Typography.Text type="secondary">
              {t('flows.ui.atStep', {
                step: stepName(inst.step),
                who: timeline.pending.map((p) => p.assignee_name ?? p.assignee_id).join('、'),
              })}
            </Typography.Text>
          )}
        </Typography.Paragraph>
      )}
      <AntTimeline
        items={timeline.events.map((event) => ({
          key: event.id,
          color: COLORS[event.action] ?? 'gray',
          children: (
            <div data-testid={`flow-event-${event.action}`}>
              <Typography.Text strong>{t(`flows.action.${event.action}`)}</Typography.Text>{' '}
              {event.actor_name && <Typography.Text>{event.actor_name}</Typography.Text>}{' '}
              {event.action === 'transfer' && event.target_name && (
                <Typography.Text>→ {event.target_name}</Typography.Text>
              )}
              {event.action === 'return' && event.target !== null && (
                <Typography.Text>→ {stepName(Number(event.target))}</Typography.Text>
              )}
              {event.action !== 'submit' && event.action !== 'finish' && event.step !== null && (
                <Typography.Text type="secondary"> · {stepName(event.step)}</Typography.Text>
              )}
              <div>
                <Typography.Text type="secondary">{new Date(event.create_at).toLocaleString()}</Typography.Text>
              </div>
              {event.comment && (
                <Typography.Paragraph style={{ marginBottom: 0 }}>{event.comment}</Typography.Paragraph>
              )}
            </div>
          ),
        }))}
      />
    </div>
  );
}
