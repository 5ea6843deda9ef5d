/**
 * The gantt chart itself: @visactor/vtable-gantt (≈527 kB gzip), imported only by this module,
 * which GanttView loads with React.lazy so it is its own chunk fetched when the view is first shown.
 *
 * One chart per mount, updated in place: re-creating it on every 周 / 月 switch left the released
 * chart's container-resize handler to run on a chart without a scene graph ("Cannot set properties
 * of null (setting 'pixelRatio')", issue 22). The pixel ratio is given, so a resize never asks for it.
 */
import { Gantt } from '@visactor/vtable-gantt';
import { useEffect, useRef } from 'react';
import type { GanttScale, GanttTask } from '../../../core/list/gantt';
import { dayOf, ganttOptions } from '../../../core/list/gantt';
import { useRuntime } from '../../../react/context';

type Options = ConstructorParameters<typeof Gantt>[1];

export default function GanttChart(props: {
  tasks: GanttTask[];
  scale: GanttScale;
  todayLabel: string;
  textTitle: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Gantt | null>(null);
  const { lang } = useRuntime();
  const { tasks, scale, todayLabel, textTitle } = props;

  useEffect(() => {
    const options = ganttOptions(tasks, { scale, today: dayOf(Date.now()), todayLabel, textTitle, lang });
    const withRatio = { ...options, pixelRatio: Math.ceil(window.devicePixelRatio || 1) } as unknown as Options;
    const current = chart.current;
    if (!current) {
      if (host.current) chart.current = new Gantt(host.current, withRatio);
      return;
    }
    // In place: the records, the range (it always includes today), the scale and the 今日 line.
    current.setRecords(options.records);
    current.updateDateRange(options.minDate, options.maxDate);
    current.updateScales(options.timelineHeader.scales as never);
    current.updateMarkLine(options.markLine as never);
    current.scrollToMarkLine(new Date(`${options.markLine[0].date}T00:00:00`));
  }, [tasks, scale, todayLabel, textTitle, lang]);

  useEffect(
    () => () => {
      chart.current?.release();
      chart.current = null;
    },
    [],
  );
  return (
    <div ref={host} className="tessera-gantt-chart" style={{ width: '100%', height: 480, position: 'relative' }} />
  );
}
