/**
 * The gantt chart itself: @visactor/vtable-gantt (≈527 kB gzip), imported only by this module,
 * which GanttView loads with React.lazy so it is its own chunk fetched when the view is first shown.
 */
import { Gantt } from '@visactor/vtable-gantt';
import { useEffect, useRef } from 'react';
import type { GanttScale, GanttTask } from '../../../core/list/gantt';
import { dayOf, GANTT, ganttOptions } from '../../../core/list/gantt';
import { useRuntime } from '../../../react/context';

/** The earliest start among the tasks and their children (YYYY-MM-DD sorts as text). */
function firstStart(tasks: readonly GanttTask[]): string | undefined {
  let first: string | undefined;
  const walk = (list: readonly GanttTask[]) =>
    list.forEach((task) => {
      if (first === undefined || task.start < first) first = task.start;
      if (task.children) walk(task.children);
    });
  walk(tasks);
  return first;
}

export default function GanttChart(props: {
  tasks: GanttTask[];
  scale: GanttScale;
  todayLabel: string;
  textTitle: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const { lang } = useRuntime();
  useEffect(() => {
    if (!host.current) return;
    const options = ganttOptions(props.tasks, {
      scale: props.scale,
      today: dayOf(Date.now()),
      todayLabel: props.todayLabel,
      textTitle: props.textTitle,
      lang,
    });
    // The options are built headlessly (runtime/core/list/gantt.ts) with the fields this chart reads.
    const chart = new Gantt(host.current, options as unknown as ConstructorParameters<typeof Gantt>[1]);
    // The range starts a week or more before the first task: at 120 px a day its bar would open
    // off screen. When the chart does not open on 今日, open it on the first task's day.
    const first = firstStart(props.tasks);
    if (first && !options.markLine[0].scrollToMarkLine) {
      chart.scrollLeft = Math.max(0, chart.getXByTime(new Date(`${first}T00:00:00`).getTime()) - GANTT.columnWidth);
    }
    return () => chart.release();
  }, [props.tasks, props.scale, props.todayLabel, props.textTitle, lang]);
  return (
    <div ref={host} className="tessera-gantt-chart" style={{ width: '100%', height: 480, position: 'relative' }} />
  );
}
