import { describe, expect, it } from 'vitest';
import overview from '../../../schemas/apps/demo/dashboards/overview.json';
import { validatePage } from '../../core/schema/ajv';
import { settingsSchema } from '../../core/palette';
import { getNode } from '../../core/registry';
import { WIDGET_TYPES } from '../../core/dashboard/types';
import '../../definitions';

const board = overview.body[0] as Record<string, any>;
const page = (node: Record<string, unknown>) => ({ schemaVersion: 2, type: 'page', body: [node] });
const withChild = (child: Record<string, unknown>) => page({ ...board, children: [child] });
const pointers = (json: unknown) => validatePage(json).errors.map((e) => e.path);

describe('dashboard schema', () => {
  it('accepts the seeded demo dashboard', () => {
    expect(validatePage(overview)).toEqual({ valid: true, errors: [] });
  });

  it('every widget type is a registered node with a palette entry in the chart group and a valid settings panel', () => {
    for (const type of ['dashboard', ...WIDGET_TYPES]) {
      const node = getNode(type);
      expect(node?.palette?.group, type).toBe('chart');
      expect(validatePage(settingsSchema('node', type)).valid, type).toBe(true);
      if (type !== 'dashboard') expect(validatePage(withChild(node!.palette!.defaults)).valid, type).toBe(true);
    }
  });

  it('refuses an unknown chart kind, a bad measure, a non-http frame and a widget without a key', () => {
    const chart = board.children.find((c: { key: string }) => c.key === 'byLevel');
    expect(validatePage(withChild({ ...chart, chart: 'pie3d' })).valid).toBe(false);
    expect(
      validatePage(withChild({ ...chart, data: { ...chart.data, measures: [{ fn: 'median', key: 'x' }] } })).valid,
    ).toBe(false);
    expect(
      validatePage(withChild({ ...chart, data: { ...chart.data, groupBy: [{ key: 'signed_at', bucket: 'hour' }] } }))
        .valid,
    ).toBe(false);
    expect(validatePage(withChild({ type: 'frame', key: 'f', url: 'javascript:alert(1)' })).valid).toBe(false);
    expect(validatePage(withChild({ type: 'textBlock', content: 'x' })).valid).toBe(false);
    // A list or form is not a dashboard widget.
    expect(validatePage(withChild({ type: 'card', key: 'c', children: [] })).valid).toBe(false);
  });

  it('refuses a layout item outside the 12 columns and a filter without its dictionary', () => {
    expect(validatePage(page({ ...board, layouts: { lg: [{ i: 'a', x: 12, y: 0, w: 1, h: 1 }] } })).valid).toBe(false);
    expect(validatePage(page({ ...board, filters: [{ key: 'l', kind: 'dict', field: 'level' }] })).valid).toBe(false);
    expect(pointers(page({ ...board, props: { refresh: -1 } })).join(' ')).toContain('refresh');
  });
});
