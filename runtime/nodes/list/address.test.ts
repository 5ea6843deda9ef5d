import { describe, expect, it } from 'vitest';
import { addressOf, placeOf } from './address';

const defaults = { pageSize: 10, views: ['table', 'card', 'gantt'] };
const from = (params: Record<string, string>) => (name: string) => params[name] ?? null;

describe('a list place in the address', () => {
  it('leaves defaults out and writes the rest', () => {
    expect(addressOf({ current: 1, pageSize: 10, searchValues: {}, view: 'table' }, defaults)).toEqual({
      page: null,
      size: null,
      q: null,
      view: null,
    });
    expect(
      addressOf({ current: 3, pageSize: 20, searchValues: { name: '华', level: '', x: [] }, view: 'card' }, defaults),
    ).toEqual({ page: '3', size: '20', q: '{"name":"华"}', view: 'card' });
  });

  it('reads back what it wrote', () => {
    const place = { current: 3, pageSize: 20, searchValues: { name: '华', signed_at: [1, 2] }, view: 'gantt' };
    const written = addressOf(place, defaults) as Record<string, string>;
    expect(placeOf(from(written), defaults)).toEqual(place);
  });

  it('falls back to the defaults on a malformed or hostile address', () => {
    expect(placeOf(from({ page: '-2', size: '7', q: '{bad', view: 'admin' }), defaults)).toEqual({
      current: 1,
      pageSize: 10,
      searchValues: {},
      view: 'table',
    });
    expect(placeOf(from({ page: '2.5', size: '99999', q: '[1]' }), defaults).pageSize).toBe(10);
  });
});
