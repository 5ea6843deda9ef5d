/**
 * Gantt tasks from rows, the chart's range and options, and its heading texts per scale and
 * language (building-blocks §2, §9: week or month scale, 今日, no links, 120 px columns, 90 px).
 */
import { describe, expect, it } from 'vitest';
import { ganttLabels, ganttOptions, ganttScales, isoWeek, toGanttTasks } from './gantt';

describe('gantt tasks', () => {
  it('builds a tree from parent keys with inclusive day ends, skipping rows without a start', () => {
    const day = (d: number) => new Date(2024, 0, d).getTime();
    const rows = [
      { id: 1, title: '项目', begin: day(1), days: 10 },
      { id: 2, title: '设计', begin: day(2), days: 3, up: 1 },
      { id: 3, title: '开发', begin: '2024-01-05', days: 0, up: 1 },
      { id: 4, title: '孤儿', begin: day(3), up: 99 },
      { id: 5, title: '无日期', begin: null },
    ];
    const tasks = toGanttTasks(rows, 'id', { text: 'title', start: 'begin', duration: 'days', parent: 'up' });
    expect(tasks).toEqual([
      {
        id: '1',
        text: '项目',
        start: '2024-01-01',
        end: '2024-01-10',
        children: [
          { id: '2', text: '设计', start: '2024-01-02', end: '2024-01-04' },
          { id: '3', text: '开发', start: '2024-01-05', end: '2024-01-05' },
        ],
      },
      { id: '4', text: '孤儿', start: '2024-01-03', end: '2024-01-03' },
    ]);
  });
});

describe('gantt options', () => {
  const tasks = toGanttTasks(
    [
      { id: 1, text: 'a', start_date: new Date(2024, 0, 10).getTime(), duration: 3 },
      { id: 2, text: 'b', start_date: new Date(2024, 1, 1).getTime(), duration: 1 },
    ],
    'id',
  );

  it('fixes the spec sizes: 120 px columns, 90 px of scales, week over days or month over weeks, no links', () => {
    const units = { week: ['week', 'day'], month: ['month', 'week'] };
    for (const scale of ['week', 'month'] as const) {
      const o = ganttOptions(tasks, { scale, today: '2024-01-20', todayLabel: '今日', textTitle: '任务', lang: 'zh' });
      expect(o.timelineHeader.colWidth).toBe(120);
      expect(o.timelineHeader.scales.map((s) => s.unit)).toEqual(units[scale]);
      expect(o.timelineHeader.scales.reduce((sum, s) => sum + s.rowHeight, 0)).toBe(90);
      // Weeks start on Monday, like the range (ganttRange), so no week is cut in two at the start.
      for (const s of o.timelineHeader.scales)
        if (s.unit === 'week') expect(s).toMatchObject({ startOfWeek: 'monday' });
      expect(o).not.toHaveProperty('dependency');
      expect(o.taskBar.moveable).toBe(false);
    }
  });

  it('keeps a partly scrolled-out heading label in view: sticky text on filled header cells', () => {
    const o = ganttOptions(tasks, {
      scale: 'month',
      today: '2024-01-20',
      todayLabel: '今日',
      textTitle: '任务',
      lang: 'zh',
    });
    // vtable-gantt moves a textStick label only while painting a header cell that has a fill.
    expect(o.timelineHeader.backgroundColor).toMatch(/^#/);
    // The wide top cells stick; the 120-px bottom ones do not (stuck, they overlap their neighbours).
    expect(o.timelineHeader.scales.map((s) => s.style.textStick)).toEqual([true, false]);
  });

  it('spans every task and today, and opens on today wherever the tasks lie (issue 22)', () => {
    const inside = ganttOptions(tasks, {
      scale: 'week',
      today: '2024-01-20',
      todayLabel: '今日',
      textTitle: '任务',
      lang: 'zh',
    });
    expect([inside.minDate, inside.maxDate]).toEqual(['2024-01-01', '2024-02-08']); // a Monday
    expect(inside.markLine[0]).toMatchObject({ date: '2024-01-20', content: '今日', scrollToMarkLine: true });
    const later = ganttOptions(tasks, {
      scale: 'week',
      today: '2024-06-01',
      todayLabel: '今日',
      textTitle: '任务',
      lang: 'zh',
    });
    expect([later.minDate, later.maxDate]).toEqual(['2024-01-01', '2024-06-08']);
    expect(later.markLine[0].scrollToMarkLine).toBe(true);
  });

  it('puts 今日 in the middle of its day column, or at its own day inside a week column', () => {
    const at = (scale: 'week' | 'month') =>
      ganttOptions(tasks, { scale, today: '2024-01-20', todayLabel: '今日', textTitle: '任务', lang: 'zh' }).markLine[0]
        .position;
    expect(at('week')).toBe('middle');
    expect(at('month')).toBe('date');
  });
});

/** A heading cell as vtable-gantt passes it to `format`: first day 00:00 to last day 23:59:59.999. */
const cell = (from: [number, number, number], to: [number, number, number]) => ({
  startDate: new Date(from[0], from[1] - 1, from[2]),
  endDate: new Date(to[0], to[1] - 1, to[2], 23, 59, 59, 999),
});
const firstWeek2024 = cell([2024, 1, 1], [2024, 1, 7]);
const monday = cell([2024, 1, 1], [2024, 1, 1]);

describe('gantt scale headings', () => {
  it('week scale: the week (number, year, days) over each day with its weekday, in zh and en', () => {
    const [zhWeek, zhDay] = ganttScales('week', 'zh');
    expect(zhWeek.format(firstWeek2024)).toBe('2024年 第1周 · 1/1 - 1/7');
    expect(zhDay.format(monday)).toBe('1 周一');
    const [enWeek, enDay] = ganttScales('week', 'en');
    expect(enWeek.format(firstWeek2024)).toBe('Week 1, 2024 · Jan 1 - Jan 7');
    expect(enDay.format(monday)).toBe('Mon 1');
  });

  it('month scale: the month over its weeks, so it no longer reads like the week scale', () => {
    const [zhMonth, zhWeek] = ganttScales('month', 'zh');
    expect(zhMonth.format(cell([2026, 1, 1], [2026, 1, 31]))).toBe('2026年1月');
    expect(zhWeek.format(firstWeek2024)).toBe('1/1 - 1/7');
    const [enMonth, enWeek] = ganttScales('month', 'en');
    expect(enMonth.format(cell([2026, 1, 1], [2026, 1, 31]))).toBe('Jan 2026');
    expect(enWeek.format(cell([2024, 12, 30], [2025, 1, 5]))).toBe('Dec 30 - Jan 5');
    // The first month cell starts where the range does (a Monday mid-month): still that month.
    expect(zhMonth.format(cell([2023, 12, 25], [2023, 12, 31]))).toBe('2023年12月');
  });

  it("numbers weeks the ISO way, the year being the one of the week's Thursday", () => {
    expect(isoWeek(new Date(2024, 0, 1))).toEqual({ year: 2024, week: 1 });
    expect(isoWeek(new Date(2024, 0, 7))).toEqual({ year: 2024, week: 1 });
    expect(isoWeek(new Date(2024, 0, 8))).toEqual({ year: 2024, week: 2 });
    expect(isoWeek(new Date(2024, 11, 30))).toEqual({ year: 2025, week: 1 });
    expect(isoWeek(new Date(2021, 0, 3))).toEqual({ year: 2020, week: 53 });
    expect(isoWeek(new Date(2026, 11, 31))).toEqual({ year: 2026, week: 53 });
    expect(ganttLabels('zh').week(cell([2024, 12, 30], [2025, 1, 5]))).toBe('2025年 第1周 · 12/30 - 1/5');
  });
});
