/**
 * The gantt view (building-blocks §2, §9): the rows of the list's query as tasks (text /
 * start_date / duration / parent, keys set in the schema's `gantt`), a week or month scale, the
 * 今日 marker, no links. The chart library loads lazily: its own chunk, fetched on first show.
 */
import { Alert, Radio, Spin } from 'antd';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { textOf, type FieldDefinition } from '../../../../protocol/page-schema';
import type { Row } from '../../../core/data/provider';
import { toGanttTasks, type GanttKeys, type GanttScale } from '../../../core/list/gantt';
import { useRuntime, useT } from '../../../react/context';

const GanttChart = lazy(() => import('./gantt-chart'));

export interface GanttSettings extends GanttKeys {
  scale?: GanttScale;
}

export function GanttView(props: {
  /** Every row of the list's query (paged through the server), asked again when loadKey changes. */
  load: () => Promise<{ rows: Row[]; total: number; more: boolean }>;
  loadKey: string;
  idKey: string;
  fields: readonly FieldDefinition[];
  settings?: GanttSettings;
}) {
  const { lang } = useRuntime();
  const t = useT();
  const [scale, setScale] = useState<GanttScale>(props.settings?.scale ?? 'week');
  const { idKey, settings, load, loadKey } = props;
  const [loaded, setLoaded] = useState<{ rows: Row[]; total: number; more: boolean }>();
  const [loading, setLoading] = useState(true);
  useEffect(() => {
    let live = true;
    setLoading(true);
    load()
      .then((answer) => live && setLoaded(answer))
      .catch(() => live && setLoaded({ rows: [], total: 0, more: false }))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
    // loadKey stands for the query (search, paging, data changes); load is a fresh closure each render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loadKey]);
  const rows = useMemo(() => loaded?.rows ?? [], [loaded]);
  const tasks = useMemo(() => toGanttTasks(rows, idKey, settings), [rows, idKey, settings]);
  const textKey = settings?.text ?? 'text';
  const textField = props.fields.find((f) => f.key === textKey);
  return (
    <div className="tessera-list-gantt" data-task-count={loaded ? tasks.length : undefined}>
      <Radio.Group
        size="small"
        value={scale}
        onChange={(e) => setScale(e.target.value as GanttScale)}
        style={{ marginBottom: 8 }}
        optionType="button"
        options={[
          { value: 'week', label: t('list.gantt.week') },
          { value: 'month', label: t('list.gantt.month') },
        ]}
      />
      {loaded?.more && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 8 }}
          message={t('list.gantt.capped', { shown: loaded.rows.length, total: loaded.total })}
        />
      )}
      <Spin spinning={loading}>
        <Suspense
          fallback={
            <Spin tip={t('list.gantt.loading')}>
              <div style={{ height: 480 }} />
            </Spin>
          }
        >
          {/* Drawn once the rows are in: the chart is made with them, not filled in after. */}
          {loaded ? (
            <GanttChart
              tasks={tasks}
              scale={scale}
              todayLabel={t('list.gantt.today')}
              textTitle={textField ? textOf(textField.title, lang) : textKey}
            />
          ) : (
            <div style={{ height: 480 }} />
          )}
        </Suspense>
      </Spin>
    </div>
  );
}
