// @vitest-environment happy-dom
import '../../../../tests/dom-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { PageSchema } from '../../../../protocol/page-schema';
import { renderPage } from '../test-harness';

// vtable-gantt draws on a canvas, which happy-dom lacks: record what the view asks it to draw.
const drawn = vi.hoisted(() => ({
  options: [] as any[],
  released: 0,
  scales: [] as any[],
  markLines: [] as any[],
  toToday: 0,
}));
vi.mock('@visactor/vtable-gantt', () => ({
  Gantt: class {
    constructor(_host: HTMLElement, options: unknown) {
      drawn.options.push(options);
    }
    setRecords() {}
    updateDateRange() {}
    updateScales(scales: unknown) {
      drawn.scales.push(scales);
    }
    updateMarkLine(markLine: unknown) {
      drawn.markLines.push(markLine);
    }
    scrollToMarkLine() {
      drawn.toToday += 1;
    }
    release() {
      drawn.released += 1;
    }
  },
}));
/** The scales last drawn: the created chart's, or those it was updated to in place. */
const lastScales = (created: number) =>
  drawn.scales.length > created ? drawn.scales.at(-1) : drawn.options.at(-1).timelineHeader.scales;

const DAY = 86_400_000;
type Scale = { unit: string; format: (cell: { startDate: Date; endDate: Date }) => string };
const units = (options: any) => options.timelineHeader.scales.map((s: Scale) => s.unit);
/** What each heading row reads for the first week of 2024 (Monday 1 January). */
const titles = (options: any) =>
  options.timelineHeader.scales.map((s: Scale) =>
    s.format({ startDate: new Date(2024, 0, 1), endDate: new Date(2024, 0, s.unit === 'day' ? 1 : 7, 23, 59, 59) }),
  );
const start = new Date(2024, 0, 1).getTime();
const rows = [
  { id: 't1', name: '项目', begin: start, days: 10, up: null, create_at: 3 },
  { id: 't2', name: '设计', begin: start + DAY, days: 3, up: 't1', create_at: 2 },
  { id: 't3', name: '开发', begin: start + 4 * DAY, days: 5, up: 't1', create_at: 1 },
];
const schema = {
  schemaVersion: 1,
  type: 'page',
  body: [
    {
      type: 'list',
      key: 'plan',
      title: '计划',
      dataSource: { kind: 'STATIC', data: rows },
      views: ['gantt', 'table'],
      gantt: { text: 'name', start: 'begin', duration: 'days', parent: 'up' },
      fields: [
        { key: 'name', title: '任务', type: 'input' },
        { key: 'begin', title: '开始', type: 'date' },
        { key: 'days', title: '天数', type: 'number' },
      ],
    },
  ],
} as unknown as PageSchema;

describe('gantt view', () => {
  it('loads the chart lazily and draws the tasks as a tree with the 今日 marker, week then month', async () => {
    renderPage({ schema });
    await waitFor(() => expect(drawn.options.length).toBeGreaterThan(0), { timeout: 10_000 });
    const options = drawn.options.at(-1);
    expect(options.records).toEqual([
      {
        id: 't1',
        text: '项目',
        start: '2024-01-01',
        end: '2024-01-10',
        children: [
          { id: 't2', text: '设计', start: '2024-01-02', end: '2024-01-04' },
          { id: 't3', text: '开发', start: '2024-01-05', end: '2024-01-09' },
        ],
      },
    ]);
    expect(options.timelineHeader.colWidth).toBe(120);
    // Week scale: the week over its days, each label in the user's language.
    expect(units(options)).toEqual(['week', 'day']);
    expect(titles(options)).toEqual(['2024年 第1周 · 1/1 - 1/7', '1 周一']);
    const height = options.timelineHeader.scales.reduce(
      (sum: number, s: { rowHeight: number }) => sum + s.rowHeight,
      0,
    );
    expect(height).toBe(90);
    expect(options.markLine[0]).toMatchObject({ content: '今日' });
    expect(options.markLine[0].date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(options).not.toHaveProperty('dependency');
    expect(options.taskListTable.columns[0].title).toBe('任务');
    // The chart opens around today (the range includes it), wherever the tasks lie.
    expect(options.markLine[0].scrollToMarkLine).toBe(true);

    // Month scale: months over weeks, not days again (it read exactly like the week scale). The
    // chart is updated in place, not made again (a released chart's resize handler threw).
    const created = drawn.options.length;
    const updated = drawn.scales.length;
    fireEvent.click(screen.getByText('月'));
    await waitFor(() => expect(lastScales(updated)[0].unit).toBe('month'));
    const month = { timelineHeader: { scales: lastScales(updated) } };
    expect(units(month)).toEqual(['month', 'week']);
    expect(titles(month)).toEqual(['2024年1月', '1/1 - 1/7']);
    expect(drawn.options.length).toBe(created);
    expect(drawn.released).toBe(0);
    expect(drawn.toToday).toBeGreaterThan(0);
  });

  it('labels the headings and the today marker in English for an English user', async () => {
    const before = drawn.options.length;
    renderPage({ schema, lang: 'en' });
    await waitFor(() => expect(drawn.options.length).toBeGreaterThan(before), { timeout: 10_000 });
    expect(titles(drawn.options.at(-1))).toEqual(['Week 1, 2024 · Jan 1 - Jan 7', 'Mon 1']);
    expect(drawn.options.at(-1).markLine[0]).toMatchObject({ content: 'Today' });
    const updated = drawn.scales.length;
    fireEvent.click(screen.getByText('Month'));
    await waitFor(() => expect(lastScales(updated)[0].unit).toBe('month'));
    expect(titles({ timelineHeader: { scales: lastScales(updated) } })).toEqual(['Jan 2024', 'Jan 1 - Jan 7']);
  });
});
