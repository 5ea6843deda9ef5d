/**
 * Sharing a statement between queries that wait for a worker at the same time (shared.ts): who
 * joins, what the shared statement computes, and that each query reads its own measures back.
 * The statements here are stand-ins (their SQL text lists what compile was asked for); the real
 * ones run in tests/contract/aggregate-shared.test.ts.
 */
import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { ParsedAggregate, ParsedMeasure } from './parse';
import { rowsFor, SharedAggregates } from './shared';

const field = (name: string) => ({ ref: `t.${name}` }) as ParsedMeasure['field'];
const count: ParsedMeasure = { fn: 'count', as: 'n' };
const sum: ParsedMeasure = { fn: 'sum', as: 'total', field: field('amount') };
const avg: ParsedMeasure = { fn: 'avg', as: 'average', field: field('amount') };

const query = (groups: string[], measures: ParsedMeasure[], byMeasure = false): ParsedAggregate =>
  ({
    groups: groups.map((as) => ({ as })),
    measures,
    sorts: byMeasure ? [{ group: false, index: 0, order: 'desc' }] : [],
    limit: byMeasure ? 10 : 1000,
  }) as unknown as ParsedAggregate;

/** A stand-in statement: its text names the groups and measures it was built for. */
const compile = (asked: ParsedAggregate) =>
  ({
    sql: `${asked.groups.map((g) => g.as).join(',')}|${asked.measures.map((m) => `${m.fn}(${m.field?.ref ?? '*'})`).join(',')}`,
    parameters: [asked.limit],
  }) as unknown as CompiledQuery;

/** A worker that is busy: statements start only when the test says, in order. */
function busyWorker() {
  const waiting: { build: () => CompiledQuery; resolve(rows: Record<string, unknown>[]): void }[] = [];
  const started: string[] = [];
  return {
    started,
    runLate: (build: () => CompiledQuery) =>
      new Promise<Record<string, unknown>[]>((resolve) => waiting.push({ build, resolve })),
    /** Starts the next statement and answers one row: m<i> is the name of measure i. */
    next() {
      const job = waiting.shift()!;
      const sql = job.build().sql;
      started.push(sql);
      const measures = sql.split('|')[1]!.split(',');
      job.resolve([Object.fromEntries([['g0', 'vip'], ...measures.map((m, i) => [`m${i}`, m]), ['rn', 1]])]);
    },
  };
}

describe('SharedAggregates', () => {
  it('runs queries of the same groups that wait together as one statement, each reading its own measures', async () => {
    const worker = busyWorker();
    const shared = new SharedAggregates();
    const bars = shared.run(query(['level'], [count]), compile, worker.runLate);
    const pie = shared.run(query(['level'], [sum]), compile, worker.runLate);
    const funnel = shared.run(query(['level'], [count]), compile, worker.runLate);
    const radar = shared.run(query(['level'], [avg, count]), compile, worker.runLate);
    const line = shared.run(query(['month'], [count]), compile, worker.runLate);
    worker.next();
    worker.next();
    expect(worker.started).toEqual(['level|count(*),sum(t.amount),avg(t.amount)', 'month|count(*)']);
    expect(await bars).toEqual([{ g0: 'vip', m0: 'count(*)', m1: 'sum(t.amount)', m2: 'avg(t.amount)', rn: 1 }]);
    expect((await pie)[0]!.m0).toBe('sum(t.amount)');
    expect((await funnel)[0]!.m0).toBe('count(*)');
    expect(await radar).toMatchObject([{ m0: 'avg(t.amount)', m1: 'count(*)' }]);
    expect(await line).toEqual([{ g0: 'vip', m0: 'count(*)', rn: 1 }]);
    expect(shared.stats).toEqual({ statements: 2, queries: 5 });
  });

  it('does not join a statement that has started, nor share a top-N ranked by its own measure', async () => {
    const worker = busyWorker();
    const shared = new SharedAggregates();
    const first = shared.run(query(['level'], [count]), compile, worker.runLate);
    worker.next();
    const later = shared.run(query(['level'], [sum]), compile, worker.runLate);
    const top = shared.run(query(['level'], [sum], true), compile, worker.runLate);
    const otherTop = shared.run(query(['level'], [sum], true), compile, worker.runLate);
    worker.next();
    worker.next();
    worker.next();
    await Promise.all([first, later, top, otherTop]);
    expect(worker.started).toEqual([
      'level|count(*)',
      'level|sum(t.amount)',
      'level|sum(t.amount)',
      'level|sum(t.amount)',
    ]);
    expect(shared.stats).toEqual({ statements: 4, queries: 4 });
  });

  it('fails every query of a failed statement, and the next query starts a new one', async () => {
    const shared = new SharedAggregates();
    let fail!: (error: Error) => void;
    const failing = () => new Promise<Record<string, unknown>[]>((_resolve, reject) => (fail = reject));
    const a = shared.run(query(['level'], [count]), compile, failing);
    const b = shared.run(query(['level'], [sum]), compile, failing);
    fail(new Error('stopped'));
    await expect(a).rejects.toThrow('stopped');
    await expect(b).rejects.toThrow('stopped');
    const worker = busyWorker();
    const c = shared.run(query(['level'], [avg]), compile, worker.runLate);
    worker.next();
    expect((await c)[0]!.m0).toBe('avg(t.amount)');
  });
});

describe('rowsFor', () => {
  it('moves measures and their others to the query’s own positions', () => {
    const rows = [{ g0: 'a', m0: 1, m1: 2, o0: 10, o1: 20, rn: 1, total: 3 }];
    expect(rowsFor(rows, [1])).toEqual([{ g0: 'a', m0: 2, m1: 2, o0: 20, o1: 20, rn: 1, total: 3 }]);
    expect(rowsFor(rows, [0, 1])).toBe(rows);
  });
});
