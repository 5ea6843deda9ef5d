import { describe, expect, it } from 'vitest';
import { makeTableInfo, type TableInfo } from '../../modules/table-info';
import { cachedParses, parseListQueryCached, PARSE_CACHE_SIZE } from './parse-cache';

const table = (name = 'note'): TableInfo =>
  makeTableInfo({
    name,
    physical: `m_demo_${name}`,
    kind: 'module',
    columns: [
      { name: 'title', type: 'string' },
      { name: 'score', type: 'integer' },
    ],
    write: 'user',
  });

const noJoins = async () => undefined;
const parse = (body: unknown, info: TableInfo, resolve: (name: string) => Promise<TableInfo | undefined> = noJoins) =>
  parseListQueryCached(body, JSON.stringify(body), info, resolve);

describe('parseListQueryCached', () => {
  it('answers the same text on the same table from the cache, frozen', async () => {
    const info = table();
    const body = { showFields: ['title'], querys: [{ key: 'score', value: '5', rule: 'EQUAL' }], isPage: true };
    const first = await parse(body, info);
    expect(await parse(body, info)).toBe(first);
    expect(Object.isFrozen(first) && Object.isFrozen(first.fields) && Object.isFrozen(first.conditions)).toBe(true);
    expect(first.conditions[0]!.values).toEqual([5]);
    // Another text, or the same text on a table the registry rebuilt: parsed afresh.
    expect(await parse({ ...body, current: 2 }, info)).not.toBe(first);
    expect(await parse(body, table())).not.toBe(first);
  });

  it('never keeps a body that fails its checks, one with joins, or one without its text', async () => {
    const info = table();
    const bad = { showFields: ['nope'] };
    await expect(parse(bad, info)).rejects.toThrow();
    await expect(parse(bad, info)).rejects.toThrow();
    const other = table('other');
    const joined = { leftJoins: [{ join: 'other', on: 'title=title', showFields: ['score'] }] };
    const resolve = async (name: string) => (name === 'other' ? other : undefined);
    expect(await parse(joined, info, resolve)).not.toBe(await parse(joined, info, resolve));
    const body = { showFields: ['score'] };
    expect(await parseListQueryCached(body, undefined, info, noJoins)).not.toBe(
      await parseListQueryCached(body, undefined, info, noJoins),
    );
    expect(cachedParses(info)).toBe(0);
  });

  it('keeps a bounded number of texts per table', async () => {
    const info = table();
    for (let page = 1; page <= PARSE_CACHE_SIZE + 10; page++) await parse({ isPage: true, current: page }, info);
    expect(cachedParses(info)).toBe(PARSE_CACHE_SIZE);
  });
});
