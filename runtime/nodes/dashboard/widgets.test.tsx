// @vitest-environment happy-dom
/**
 * The dashboard's widgets in the runtime, over the memory request: each one's own loading, empty
 * and error state (a missing field, no permission), the stat card's value, comparison and
 * sparkline, the table over the list, the filters reaching the widgets, and the sanitized text.
 */
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import type { AggregateQuery } from '../../../protocol/aggregate-query';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import { renderPage } from '../list/test-harness';

const ok = (data: unknown): ApiResult => ({ code: '200', message: '', data });
const answer = (list: Record<string, unknown>[]) =>
  ok({ list, others: null, groups: list.length, capped: false, timeZone: 'UTC' });

/** Aggregates answered by `reply` (by the body asked), recorded; other calls go to the memory server. */
function aggregates(reply: (body: AggregateQuery, url: string) => ApiResult | undefined) {
  const asked: { url: string; body: AggregateQuery }[] = [];
  return {
    asked,
    intercept: (call: RequestOptions) => {
      if (!call.url.endsWith('/aggregate')) return undefined;
      asked.push({ url: call.url, body: call.body as AggregateQuery });
      return reply(call.body as AggregateQuery, call.url);
    },
  };
}

const dashboard = (children: Record<string, unknown>[], extra: Record<string, unknown> = {}) =>
  ({
    schemaVersion: 2,
    type: 'page',
    body: [{ type: 'dashboard', key: 'd', layouts: { lg: [] }, children, ...extra }],
  }) as unknown as PageSchema;

const widget = (key: string) => document.querySelector<HTMLElement>(`[data-widget-key="${key}"]`);
const status = (key: string) => widget(key)?.getAttribute('data-status');

describe('dashboard widgets', () => {
  it('a stat card shows its value formatted, the change from the previous period and a sparkline', async () => {
    const { intercept, asked } = aggregates((body) => {
      if (body.groupBy?.length)
        return answer([
          { bucket: '2026-01', n: 2 },
          { bucket: '2026-02', n: 5 },
        ]);
      const between = body.querys?.find((q) => q.rule === 'BETWEEN')?.value as number[] | undefined;
      // The previous period of the last 30 days ends about 30 days ago.
      const previous = between && between[1] < Date.now() - 20 * 86_400_000;
      return answer([{ n: previous ? 1000 : 1250 }]);
    });
    renderPage({
      intercept,
      schema: dashboard(
        [
          {
            type: 'stat',
            key: 'n',
            title: '客户数',
            data: { table: 'customer', measures: [{ fn: 'count', as: 'n' }] },
            props: { trend: { key: 'signed_at', bucket: 'month' } },
          },
        ],
        { filters: [{ key: 'p', kind: 'dateRange', field: 'signed_at', defaultDays: 30 }] },
      ),
    });
    await waitFor(() => expect(widget('n')?.querySelector('.tessera-stat-value')?.textContent).toBe('1,250'));
    await waitFor(() =>
      expect(widget('n')?.querySelector('.tessera-stat-compare')?.textContent).toContain('较上期 25.0%'),
    );
    expect(widget('n')?.querySelector('.tessera-sparkline polyline')?.getAttribute('points')?.split(' ')).toHaveLength(
      2,
    );
    // Every query went to the widget's table with the date filter of the last 30 days.
    expect(asked.every((a) => a.url === 'common/customer/aggregate')).toBe(true);
    expect(asked[0].body.querys?.[0]).toMatchObject({ key: 'signed_at', rule: 'BETWEEN' });
  });

  it('a widget over a missing field or a forbidden table shows its own message; the others work', async () => {
    const { intercept } = aggregates((body) => {
      if (body.groupBy?.[0] === 'region')
        return { code: 'P4000', message: '不存在的字段：groupBy: region', data: null };
      if (body.measures?.[0]?.as === 'secret') return { code: 'P4003', message: 'forbidden', data: null };
      return answer([{ n: 7 }]);
    });
    renderPage({
      intercept,
      schema: dashboard([
        { type: 'chart', key: 'broken', chart: 'bar', data: { table: 'customer', groupBy: ['region'] } },
        { type: 'stat', key: 'secret', data: { table: 'customer', measures: [{ fn: 'count', as: 'secret' }] } },
        { type: 'stat', key: 'fine', data: { table: 'customer', measures: [{ fn: 'count', as: 'n' }] } },
      ]),
    });
    await waitFor(() => expect(status('broken')).toBe('error'));
    expect(widget('broken')?.querySelector('[role=alert]')?.textContent).toBe('不存在的字段：groupBy: region');
    await waitFor(() => expect(status('secret')).toBe('error'));
    expect(widget('secret')?.textContent).toContain('无权查看此组件的数据');
    await waitFor(() => expect(widget('fine')?.querySelector('.tessera-stat-value')?.textContent).toBe('7'));
  });

  it('loading, then empty for a chart without rows', async () => {
    let release: (value: ApiResult) => void = () => undefined;
    const pending = new Promise<ApiResult>((resolve) => (release = resolve));
    const { intercept } = aggregates(() => pending as unknown as ApiResult);
    renderPage({
      intercept: (call) => intercept(call),
      schema: dashboard([{ type: 'chart', key: 'c', chart: 'pie', data: { table: 'customer', groupBy: ['level'] } }]),
      lang: 'en',
    });
    await waitFor(() => expect(status('c')).toBe('loading'));
    expect(widget('c')?.getAttribute('aria-busy')).toBe('true');
    release(answer([]));
    await waitFor(() => expect(status('c')).toBe('empty'));
    expect(widget('c')?.textContent).toContain('No data');
  });

  it('the table widget lists its table under the dashboard filters', async () => {
    const { calls } = renderPage({
      schema: dashboard(
        [
          {
            type: 'dataTable',
            key: 't',
            title: '客户',
            table: 'customer',
            fields: [{ id: 'f_name', key: 'name', title: '名称', type: 'input' }],
          },
        ],
        { filters: [{ key: 'p', kind: 'dateRange', field: 'signed_at', defaultDays: 3650 }] },
      ),
    });
    await waitFor(() =>
      expect(widget('t')?.querySelectorAll('.ant-table-tbody tr.ant-table-row').length).toBeGreaterThan(0),
    );
    const list = calls.find((c) => c.url === 'common/customer/list');
    expect((list?.body as { querys: unknown[] }).querys).toContainEqual(
      expect.objectContaining({ key: 'signed_at', rule: 'BETWEEN' }),
    );
  });

  it('the table widget shows dictionary labels, numbers and dates by the fields’ own formats', async () => {
    renderPage({
      schema: dashboard([
        {
          type: 'dataTable',
          key: 't',
          table: 'customer',
          props: { sorts: [{ key: 'credit_limit', order: 'asc' }] },
          fields: [
            { id: 'f_name', key: 'name', title: '名称', type: 'input' },
            // As the designer writes a column over a dictionary field: the dictionary by its code.
            { id: 'f_level', key: 'level', title: '等级', type: 'select', dict: 'customer_level' },
            { id: 'f_credit', key: 'credit_limit', title: '额度', type: 'number', props: { precision: 2 } },
            { id: 'f_signed', key: 'signed_at', title: '签约', type: 'date' },
          ],
        },
      ]),
    });
    const firstRow = () =>
      [...(widget('t')?.querySelectorAll('.ant-table-tbody tr.ant-table-row')[0]?.querySelectorAll('td') ?? [])].map(
        (cell) => cell.textContent,
      );
    // The first customer (credit 1,000, level A) in the order asked.
    await waitFor(() => expect(firstRow()[1]).toBe('重要客户'));
    expect(firstRow()[2]).toBe('1000.00');
    expect(firstRow()[3]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('text is Markdown without scripts; a frame accepts http(s) only, sandboxed', async () => {
    renderPage({
      schema: dashboard([
        {
          type: 'textBlock',
          key: 'md',
          content: { zh: '**粗体** <script>alert(1)</script> [x](javascript:alert(1))' },
        },
        { type: 'frame', key: 'ok', url: 'https://example.com/report' },
        { type: 'frame', key: 'bad', url: 'javascript:alert(1)' },
      ]),
    });
    await waitFor(() => expect(widget('md')?.querySelector('strong')?.textContent).toBe('粗体'));
    expect(widget('md')?.querySelector('script')).toBeNull();
    // The script is text, and the javascript: link is not a link.
    expect(widget('md')?.querySelector('a[href^="javascript"]')).toBeNull();
    const frame = widget('ok')?.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('https://example.com/report');
    expect(frame?.getAttribute('sandbox')).toBe('allow-scripts allow-popups allow-forms');
    expect(status('bad')).toBe('error');
    expect(widget('bad')?.querySelector('iframe')).toBeNull();
    expect(widget('bad')?.textContent).toContain('网址必须以 http:// 或 https:// 开头');
  });
});
