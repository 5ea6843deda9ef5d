/**
 * The approval timeline of one record, loaded by itself: what the record's detail view shows
 * (runtime/nodes/list/RecordModal). Shows nothing for a module without a flow and a record never
 * submitted, so lists without approvals look as before.
 */
import '../../../protocol/messages/late';
import { Divider } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useRuntime, useT } from '../../react/context';
import { flowsApi, type Timeline } from './api';
import { ApprovalTimeline } from './Timeline';

export function RecordTimeline({ table, id }: { table: string; id: string }) {
  const { request, tablePrefix } = useRuntime();
  const t = useT();
  const api = useMemo(() => flowsApi(request, tablePrefix), [request, tablePrefix]);
  const [timeline, setTimeline] = useState<Timeline>();
  useEffect(() => {
    let live = true;
    api.timeline(table, id).then(
      (answer) => live && setTimeline(answer),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [api, table, id]);
  if (!timeline || (!timeline.flow && !timeline.events.length)) return null;
  return (
    <>
      <Divider orientation="left">{t('flows.ui.timeline')}</Divider>
      <ApprovalTimeline timeline={timeline} />
    </>
  );
}
