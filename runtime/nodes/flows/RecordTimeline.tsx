/**
 * The approval timeline of one record, loaded by itself: what the record's detail view shows
 * (runtime/nodes/list/RecordModal). Shows nothing for a module without a flow and a record never
 * submitted, so lists without approvals look as before.
 */
import '../../../protocol/messages/late';
import { Button, Divider, Popconfirm, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useRuntime, useT } from '../../react/context';
import { flowsApi, type Timeline } from './api';
import { ApprovalTimeline } from './Timeline';

export function RecordTimeline({ table, id }: { table: string; id: string }) {
  const { request, tablePrefix } = useRuntime();
  const t = useT();
  const api = useMemo(() => flowsApi(request, tablePrefix), [request, tablePrefix]);
  const [timeline, setTimeline] = useState<Timeline>();
  const [failure, setFailure] = useState<string>();
  const load = useCallback(() => api.timeline(table, id).then(setTimeline, () => undefined), [api, table, id]);
  useEffect(() => void load(), [load]);
  if (!timeline || (!timeline.flow && !timeline.events.length)) return null;
  const withdraw = () =>
    api.act('withdraw', { instanceId: timeline.instance!.id }).then(
      () => load(),
      (error: Error) => setFailure(error.message),
    );
  return (
    <>
      <Divider orientation="left">{t('flows.ui.timeline')}</Divider>
      {timeline.canWithdraw && (
        <Popconfirm title={t('flows.ui.withdrawConfirm')} onConfirm={() => void withdraw()}>
          <Button size="small" style={{ marginBottom: 12 }} data-testid="flow-withdraw">
            {t('flows.ui.withdraw')}
          </Button>
        </Popconfirm>
      )}
      {failure && (
        <Typography.Paragraph type="danger" data-testid="flow-withdraw-error">
          {failure}
        </Typography.Paragraph>
      )}
      <ApprovalTimeline timeline={timeline} />
    </>
  );
}
