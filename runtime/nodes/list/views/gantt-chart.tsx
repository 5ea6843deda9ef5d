/**
 * The gantt chart itself: @visactor/vtable-gantt (≈527 kB gzip), imported only by this module,
 * which GanttView loads with React.lazy so it is its own chunk fetched when the view is first shown.
 */
import { Gantt } from '@visactor/vtable-gantt';
import { useEffect, useRef } from 'react';
import type { GanttScale, GanttTask } from '../../../core/list/gantt';
import { dayOf, ganttOptions } from '../../../core/list/gantt';

export default function GanttChart(props: {
  tasks: GanttTask[];
  scale: GanttScale;
  todayLabel: string;
  textTitle: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!host.current) return;
    const options = ganttOptions(props.tasks, {
      scale: props.scale,
      today: dayOf(Date.now()),
      todayLabel: props.todayLabel,
      textTitle: props.textTitle,
    });
    // The options are built headlessly (runtime/core/list/gantt.ts) with the fields this chart reads.
    const chart = new Gantt(host.current, options as unknown as ConstructorParameters<typeof Gantt>[1]);
    return () => chart.release();
  }, [props.tasks, props.scale, props.todayLabel, props.textTitle]);
  return (
    <div ref={host} className="tessera-gantt-chart" style={{ width: '100%', height: 480, position: 'relative' }} />
  );
}
