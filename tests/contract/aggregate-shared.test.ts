/**
 * A dashboard's widgets asked at once answer exactly what each answers alone (on SQLite, those
 * that wait for a read worker together share one statement: server/common/aggregate/shared.ts),
 * on every database: same groups with other measures, other filters, other viewers' scopes, a
 * top-N with "others" and the cap's "others" beside them.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { addModule, createRows } from '../bad-input/fixtures';
import type { TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startAppWithViewer } from '../helpers/viewer-app';

const month = { key: 'signed_at', bucket: 'month', as: 'month' };

/** The widgets: several share their groups and rows, some only their groups. */
const BODIES = [
  { measures: [{ fn: 'count' }] },
  { measures: [{ fn: 'sum', key: 'amount' }] },
  { measures: [{ fn: 'avg', key: 'amount' }, { fn: 'count' }] },
  { groupBy: ['status'], measures: [{ fn: 'count', as: 'n' }] },
  { groupBy: ['status'], measures: [{ fn: 'sum', key: 'amount', as: 'total' }] },
  { groupBy: ['status'], measures: [{ fn: 'count', as: 'n' }] },
  {
    groupBy: ['status'],
    measures: [
      { fn: 'max', key: 'amount' },
      { fn: 'min', key: 'title' },
      { fn: 'avg', key: 'amount' },
    ],
  },
  { groupBy: ['status'], measures: [{ fn: 'countDistinct', key: 'title' }, { fn: 'count' }] },
  { groupBy: ['status'], querys: [{ key: 'amount', value: 100, rule: 'GE' }], measures: [{ fn: 'count' }] },
  { groupBy: ['status'], dataLimitType: 4, measures: [{ fn: 'sum', key: 'amount' }] },
  { groupBy: [month], measures: [{ fn: 'count' }], timeZone: 'Asia/Shanghai' },
  { groupBy: [month], measures: [{ fn: 'count' }, { fn: 'sum', key: 'amount' }], timeZone: 'Asia/Shanghai' },
  { groupBy: [month], measures: [{ fn: 'count' }], timeZone: 'America/New_York' },
  { groupBy: ['title'], measures: [{ fn: 'sum', key: 'amount' }], limit: 2, others: true },
  { groupBy: ['title'], measures: [{ fn: 'count' }, { fn: 'avg', key: 'amount' }], sort: [{ key: 'title' }] },
  { groupBy: ['status', month], measures: [{ fn: 'sum', key: 'qty' }] },
];

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let viewer: string;

  beforeAll(async () => {
    database = await makeDatabase();
    ({ t, admin, viewer } = await startAppWithViewer(database));
    await addModule(t, 'deal', {
      title: 'string',
      status: {
        type: 'select',
        selectItems: [
          { value: 'open', label: { zh: '未结', en: 'Open' } },
          { value: 'paid', label: { zh: '已付', en: 'Paid' } },
        ],
      },
      amount: { type: 'number' },
      qty: 'integer',
      signed_at: { type: 'date' },
    });
    const rows = (from: number, to: number) =>
      Array.from({ length: to - from }, (_, k) => {
        const i = from + k;
        return {
          title: `d${i % 7}`,
          status: i % 3 === 0 ? 'open' : 'paid',
          amount: i * 12.5,
          qty: i,
          signed_at: Date.UTC(2026, i % 5, 1 + (i % 27), i % 24),
        };
      });
    await createRows(t, admin, 'deal', rows(0, 14));
    await createRows(t, viewer, 'deal', rows(14, 20));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const ask = async (body: unknown, token: string) => {
    const reply = await t.request({ url: '/api/common/deal/aggregate', token, body });
    expect(reply.body.code, JSON.stringify(reply.body)).toBe(ResultCode.SUCCESS);
    return reply.body.data;
  };

  it('answers widgets asked at once as each alone, for each viewer', async () => {
    const askers = [admin, viewer].flatMap((token) => BODIES.map((body) => ({ token, body })));
    const alone = [];
    for (const { token, body } of askers) alone.push(await ask(body, token));
    for (let round = 0; round < 2; round++) {
      const together = await Promise.all(askers.map(({ token, body }) => ask(body, token)));
      expect(together).toEqual(alone);
    }
    // The answers differ where the rows or measures do (the comparison above is not vacuous).
    expect(alone[3].list).not.toEqual(alone[4].list);
    expect(alone[9].list).not.toEqual(alone[BODIES.length + 9].list);
  });
});
