import { describe, expect, it } from 'vitest';
import { placeOf } from '../../nodes/list/address';
import { clickActionOf, clickEffect, listRoute } from './click';
import type { ChartWidget } from './types';

const chart = (props: ChartWidget['props'], groupBy: ChartWidget['data']['groupBy'] = ['level']) =>
  ({ props, data: { table: 'customer', groupBy } }) as Pick<ChartWidget, 'props' | 'data'>;

describe('a click on a chart', () => {
  it('filters the dashboard by default; the older clickFilter: false reads as nothing', () => {
    expect(clickActionOf(chart(undefined))).toBe('filter');
    expect(clickActionOf(chart({ clickFilter: false }))).toBe('none');
    expect(clickActionOf(chart({ clickFilter: false, onClick: 'list' }))).toBe('list');
    expect(clickEffect(chart(undefined), 'vip')).toEqual({ kind: 'filter', field: 'level' });
    expect(clickEffect(chart({ onClick: 'none' }), 'vip')).toEqual({ kind: 'none' });
  });

  it('opens the module list searching the clicked group, in the address the list page reads', () => {
    const effect = clickEffect(chart({ onClick: 'list', listModule: 'm_customer' }), 'vip');
    expect(effect.kind).toBe('list');
    const route = (effect as { route: string }).route;
    expect(route.startsWith('common/m_customer?')).toBe(true);
    const query = new URLSearchParams(route.split('?')[1]);
    const place = placeOf((name) => query.get(name), { pageSize: 20, views: ['table'] });
    expect(place.searchValues).toEqual({ level: 'vip' });
    // A value cannot add another address parameter.
    const odd = new URLSearchParams(listRoute('m', 'name', 'a&page=9').split('?')[1]);
    expect(odd.get('page')).toBeNull();
    expect(JSON.parse(odd.get('q')!)).toEqual({ name: 'a&page=9' });
  });

  it('does nothing on a date bucket, on 其他 or without a module to open', () => {
    const byMonth = chart({ onClick: 'list', listModule: 'm' }, [{ key: 'signed_at', bucket: 'month' }]);
    expect(clickEffect(byMonth, '2026-01')).toEqual({ kind: 'none' });
    expect(clickEffect(chart({ onClick: 'filter' }, [{ key: 'signed_at', bucket: 'year' }]), '2026')).toEqual({
      kind: 'none',
    });
    expect(clickEffect(chart({ onClick: 'list', listModule: 'm' }), null)).toEqual({ kind: 'none' });
    expect(clickEffect(chart({ onClick: 'list' }), 'vip')).toEqual({ kind: 'none' });
    expect(clickEffect(chart(undefined, []), 'x')).toEqual({ kind: 'none' });
  });
});
