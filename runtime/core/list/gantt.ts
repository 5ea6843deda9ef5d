/**
 * Gantt tasks from list rows (building-blocks §3 "Gantt task": text, start_date, duration in days,
 * parent, children). Field keys are configurable in the list schema. Rows without a usable start
 * are left out (a bar needs a date); a parent that is not among the rows makes its child a root.
 */
import type { Lang } from '../../../protocol/constants';
import { translate } from '../../../protocol/messages';
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

/**
 * Fixed by building-blocks §9: min grid column width 120, scale height 90, durations in days. The
 * narrowest heading unit is a day on the week scale and a week on the month scale (a month of
 * 120-px days would be 3,600 px wide and read exactly like the week scale).
 */
export const GANTT = { columnWidth: 120, scaleHeight: 90, unit: 'day' } as const;

/** A heading cell as vtable-gantt hands it to `format`: its first and last instant, local time. */
export interface ScaleCell {
  startDate: Date;
  endDate: Date;
}

/** ISO 8601 week: weeks start on Monday and week 1 holds the year's first Thursday. */
export function isoWeek(date: Date): { year: number; week: number } {
  const thursday = new Date(date.getFullYear(), date.getMonth(), date.getDate() + 3 - ((date.getDay() + 6) % 7));
  const year = thursday.getFullYear();
  // Rounded: a daylight-saving change makes a day an hour short or long.
  const dayOfYear = Math.round((thursday.getTime() - new Date(year, 0, 1).getTime()) / DAY);
  return { year, week: Math.floor(dayOfYear / 7) + 1 };
}

/** The heading texts in the user's language (protocol/messages list.gantt.*). */
export function ganttLabels(lang: Lang) {
  const locale = lang === 'zh' ? 'zh-CN' : 'en-US';
  const monthNames = new Intl.DateTimeFormat(locale, { month: 'short' });
  const weekdays = new Intl.DateTimeFormat(locale, { weekday: 'short' });
  const monthName = (d: Date) => monthNames.format(d);
  const weekday = (d: Date) => weekdays.format(d);
  const monthDay = (d: Date) =>
    translate(lang, 'list.gantt.monthDay', { month: d.getMonth() + 1, monthName: monthName(d), day: d.getDate() });
  return {
    /** zh 2024年1月, en Jan 2024. */
    month: ({ startDate: d }: ScaleCell) =>
      translate(lang, 'list.gantt.monthTitle', {
        year: d.getFullYear(),
        month: d.getMonth() + 1,
        monthName: monthName(d),
      }),
    /** zh 2024年 第1周 · 1/1 - 1/7, en Week 1, 2024 · Jan 1 - Jan 7 (ISO week and its year). */
    week: ({ startDate, endDate }: ScaleCell) =>
      translate(lang, 'list.gantt.weekTitle', {
        ...isoWeek(startDate),
        from: monthDay(startDate),
        to: monthDay(endDate),
      }),
    /** A week column under a month: zh 1/1 - 1/7, en Jan 1 - Jan 7. */
    weekSpan: ({ startDate, endDate }: ScaleCell) =>
      translate(lang, 'list.gantt.weekSpan', { from: monthDay(startDate), to: monthDay(endDate) }),
    /** zh 1 周一, en Mon 1. */
    day: ({ startDate: d }: ScaleCell) =>
      translate(lang, 'list.gantt.dayTitle', { day: d.getDate(), weekday: weekday(d) }),
  };
}

const headerStyle = {
  fontSize: 12,
  fontWeight: 'normal',
  color: 'rgba(0,0,0,0.75)',
  backgroundColor: '#fafafa',
  textAlign: 'center' as const,
  // Keeps the label of a wide cell (a week of days, a month of weeks) that is partly scrolled out
  // inside the visible part. vtable-gantt only runs this for header cells with a fill (see
  // timelineHeader.backgroundColor). Not on the bottom row: its 120-px labels would be pushed
  // over their neighbours at the right edge.
  textStick: true,
};
const bottomStyle = { ...headerStyle, textStick: false };
const lineStyle = { lineColor: '#e8e8e8', lineWidth: 1 };

/** The two heading rows, top first: week over days, or month over (Monday-based) weeks. */
export function ganttScales(scale: GanttScale, lang: Lang) {
  const labels = ganttLabels(lang);
  const rowHeight = GANTT.scaleHeight / 2;
  const top = { step: 1, rowHeight, style: headerStyle };
  const bottom = { step: 1, rowHeight, style: bottomStyle };
  const week = { unit: 'week' as const, startOfWeek: 'monday' as const };
  return scale === 'week'
    ? [
        { ...top, ...week, format: labels.week },
        { ...bottom, unit: GANTT.unit, format: labels.day },
      ]
    : [
        { ...top, unit: 'month' as const, format: labels.month },
        { ...bottom, ...week, format: labels.weekSpan },
      ];
}

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
  const pad = (day: string, by: number) => dayOf(new Date(`${day}T00:00:00`).getTime() + by * DAY);
  // Start on a Monday, so the first week cell of the scale is a whole week.
  const first = new Date(`${pad(all[0], -7)}T00:00:00`);
  const monday = dayOf(first.getTime() - ((first.getDay() + 6) % 7) * DAY);
  return { minDate: monday, maxDate: pad(all[all.length - 1], 7), todayInside };
}

/**
 * The chart options (vtable-gantt's shape, kept structural so this stays headless): week over
 * days or month over weeks (ganttScales), a 今日 mark line (the range always includes today), no
 * dependency links, the task list on the left, bars read-only.
 */
export function ganttOptions(
  tasks: GanttTask[],
  options: { scale: GanttScale; today: string; todayLabel: string; textTitle: string; lang: Lang },
) {
  const rowHeight = GANTT.scaleHeight / 2;
  const { minDate, maxDate } = ganttRange(tasks, options.today);
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
      backgroundColor: headerStyle.backgroundColor,
      verticalLine: lineStyle,
      horizontalLine: lineStyle,
      scales: ganttScales(options.scale, options.lang),
    },
    grid: { verticalLine: { lineColor: '#f0f0f0', lineWidth: 1 } },
    headerRowHeight: rowHeight,
    rowHeight: 38,
    markLine: [
      {
        date: options.today,
        content: options.todayLabel,
        // On the week scale the middle of today's column; on the month scale a column is a week, so
        // the line goes at today's own place in it rather than mid-week.
        position: options.scale === 'week' ? ('middle' as const) : ('date' as const),
        // The chart opens around today (building-blocks §2), wherever the tasks lie: the range
        // always includes today, so the 今日 line is there to scroll to.
        scrollToMarkLine: true,
        style: { lineColor: '#f5222d', lineWidth: 1 },
        contentStyle: { color: '#fff', backgroundColor: '#f5222d', fontSize: 12, cornerRadius: 2 },
      },
    ],
  };
}
