/**
 * Gantt tasks from list rows (building-blocks §3 "Gantt task": text, start_date, duration in days,
 * parent, children). Field keys are configurable in the list schema. Rows without a usable start
 * are left out (a bar needs a date); a parent that is not among the rows makes its child a root.
 */
import type { Row } from '../data/provider';

export interface GanttKeys {
  text?: string;
  start?: string;
  duration?: string;
  parent?: string;
}

export interface GanttTask {
  id: string;
  text: string;
  start: string;
  end: string;
  children?: GanttTask[];
}

const DAY = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
/** Local calendar date: the chart shows days, not instants. */
export const dayOf = (ms: number) => {
  const d = new Date(ms);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

function toMs(value: unknown): number | undefined {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value === 'string' && value.trim()) {
    const n = /^\d+$/.test(value.trim()) ? Number(value) : Date.parse(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (value instanceof Date && !Number.isNaN(value.getTime())) return value.getTime();
  return undefined;
}

export function toGanttTasks(rows: readonly Row[], idKey: string, keys: GanttKeys = {}): GanttTask[] {
  const k = { text: 'text', start: 'start_date', duration: 'duration', parent: 'parent', ...keys };
  const tasks = new Map<string, GanttTask>();
  const parents = new Map<string, string>();
  for (const row of rows) {
    const start = toMs(row[k.start]);
    if (start === undefined) continue;
    const days = Math.max(1, Number(row[k.duration]) || 1);
    const id = String(row[idKey]);
    const parent = row[k.parent];
    // The end is inclusive in the chart: a one-day task starts and ends on the same day.
    tasks.set(id, { id, text: String(row[k.text] ?? ''), start: dayOf(start), end: dayOf(start + (days - 1) * DAY) });
    if (parent !== undefined && parent !== null && parent !== '') parents.set(id, String(parent));
  }
  const roots: GanttTask[] = [];
  for (const task of tasks.values()) {
    const parentId = parents.get(task.id);
    const parent = parentId !== undefined && parentId !== task.id ? tasks.get(parentId) : undefined;
    if (parent) (parent.children ??= []).push(task);
    else roots.push(task);
  }
  return roots;
}

export type GanttScale = 'week' | 'month';

/** Fixed by building-blocks §9: min grid column width 120, scale height 90, unit day. */
export const GANTT = { columnWidth: 120, scaleHeight: 90, unit: 'day' } as const;

const DAY_MS = 86_400_000;
const md = (d: Date) => `${d.getMonth() + 1}/${d.getDate()}`;
// textStick keeps a long cell's label (a month is 30 columns wide) in view while scrolling.
const headerStyle = {
  fontSize: 12,
  fontWeight: 'normal',
  color: 'rgba(0,0,0,0.75)',
  backgroundColor: '#fafafa',
  textAlign: 'center' as const,
  textStick: true,
};

/**
 * The first and last day shown: every task and today, with a little room on either side; and
 * whether today falls within the tasks (then the chart opens on today, else on the first task).
 */
export function ganttRange(tasks: readonly GanttTask[], today: string) {
  const days: string[] = [];
  const walk = (list: readonly GanttTask[]) =>
    list.forEach((t) => {
      days.push(t.start, t.end);
      if (t.children) walk(t.children);
    });
  walk(tasks);
  days.sort();
  const todayInside = days.length > 0 && days[0] <= today && today <= days[days.length - 1];
  const all = [...days, today].sort();
  const pad = (day: string, by: number) => dayOf(new Date(`${day}T00:00:00`).getTime() + by * DAY_MS);
  // Start on a Monday, so the first week cell of the scale is a whole week.
  const first = new Date(`${pad(all[0], -7)}T00:00:00`);
  const monday = dayOf(first.getTime() - ((first.getDay() + 6) % 7) * DAY_MS);
  return { minDate: monday, maxDate: pad(all[all.length - 1], 7), todayInside };
}

/**
 * The chart options (vtable-gantt's shape, kept structural so this stays headless): a week or
 * month scale over days, a 今日 mark line (the range always includes today), no dependency links,
 * the task list on the left, bars read-only.
 */
export function ganttOptions(
  tasks: GanttTask[],
  options: { scale: GanttScale; today: string; todayLabel: string; textTitle: string },
) {
  const rowHeight = GANTT.scaleHeight / 2;
  const top =
    options.scale === 'week'
      ? {
          unit: 'week' as const,
          startOfWeek: 'monday' as const,
          format: (d: { startDate: Date; endDate: Date }) => `${md(d.startDate)} - ${md(d.endDate)}`,
        }
      : {
          unit: 'month' as const,
          format: (d: { startDate: Date }) =>
            `${d.startDate.getFullYear()}-${String(d.startDate.getMonth() + 1).padStart(2, '0')}`,
        };
  const { minDate, maxDate, todayInside } = ganttRange(tasks, options.today);
  return {
    records: tasks,
    taskKeyField: 'id',
    minDate,
    maxDate,
    taskListTable: {
      columns: [{ field: 'text', title: options.textTitle, width: 'auto', tree: true }],
      tableWidth: 'auto' as const,
      minTableWidth: 160,
      maxTableWidth: 360,
    },
    taskBar: {
      startDateField: 'start',
      endDateField: 'end',
      labelText: '{text}',
      labelTextStyle: { fontSize: 12, color: '#fff', textOverflow: 'ellipsis', padding: [0, 6] },
      barStyle: { barColor: '#1677ff', completedBarColor: '#0958d9', cornerRadius: 4, width: 22 },
      moveable: false,
      resizable: false,
      progressAdjustable: false,
    },
    timelineHeader: {
      colWidth: GANTT.columnWidth,
      scales: [
        { ...top, step: 1, rowHeight, style: headerStyle },
        {
          unit: GANTT.unit,
          step: 1,
          rowHeight,
          style: headerStyle,
          format: (d: { startDate: Date }) => String(d.startDate.getDate()),
        },
      ],
    },
    headerRowHeight: rowHeight,
    rowHeight: 38,
    markLine: [
      {
        date: options.today,
        content: options.todayLabel,
        position: 'middle' as const,
        scrollToMarkLine: todayInside,
        style: { lineColor: '#f5222d', lineWidth: 1 },
        contentStyle: { color: '#fff', backgroundColor: '#f5222d', fontSize: 12, cornerRadius: 2 },
      },
    ],
  };
}
