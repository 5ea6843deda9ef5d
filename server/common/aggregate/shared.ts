/**
 * Widgets that ask for the same groups of the same rows at the same time share one statement.
 * A dashboard's widgets are often the same grouping with other measures (bars by level counting,
 * a pie by level summing, a radar by level averaging; a line and a dual axis by month): each is a
 * full pass over the table, and on SQLite the pass (reading 100k rows, sorting them into groups,
 * cutting dates into buckets) is most of a statement's cost, the measures little of it.
 *
 * Sharing happens only while a statement waits: for a worker (SQLite's read pool, run.ts), or, where
 * statements start at once (PostgreSQL, MySQL: a connection each), for one turn of the event loop,
 * in which the other widgets' requests that arrived with it reach here. The statement is built when
 * it starts, from every widget that joined it meanwhile; nothing waits longer for company. Nothing
 * is kept after the statement: this is not a cache, and a request never gets rows read before it
 * arrived.
 *
 * Two queries join when everything but their measures compiles to the same SQL with the same
 * values: the same table, joins, filters and viewer scope (the scope is in the WHERE, so two
 * viewers share only when they would read the same rows), the same groups, order, limit and
 * "others". Only queries ordered by their groups share (a top-N ranks by its own measure). The
 * shared statement computes each distinct measure once; each query reads its own back, under its
 * own positions, so the rows it decodes are those its own statement would have returned.
 */
import type { CompiledQuery } from 'kysely';
import type { Row } from '../values';
import { measureColumn, othersColumn } from './build';
import type { ParsedAggregate, ParsedMeasure } from './parse';

/** Measures in one shared statement at most (a query alone has at most 10). */
export const MAX_SHARED_MEASURES = 40;

/** The query's statement, as the route would build it for these measures. */
export type CompileAggregate = (query: ParsedAggregate) => CompiledQuery;
/**
 * Runs a statement built late (run.ts's AggregateRunner with the cap and table bound); `shape` is
 * its SQL without values and measures, for the limiter's ranking by past duration.
 */
export type RunLate = (statement: () => CompiledQuery, shape: string) => Promise<Row[]>;

interface Member {
  /** Position of each of the query's measures among the batch's. */
  positions: number[];
  resolve(rows: Row[]): void;
  reject(error: unknown): void;
}

interface Batch {
  query: ParsedAggregate;
  compile: CompileAggregate;
  measures: ParsedMeasure[];
  members: Member[];
}

const measureId = (measure: ParsedMeasure) => `${measure.fn}:${measure.field?.ref ?? '*'}`;

const COUNT_ROWS: ParsedMeasure = { fn: 'count', as: 'n' };

/** JSON of bound values (a bigint or Buffer must not throw). */
const valuesKey = (values: readonly unknown[]) =>
  JSON.stringify(values, (_key, value: unknown) => (typeof value === 'bigint' ? `${value}n` : value));

/** Everything of the statement but its measures: its shape, and with its values the key to share. */
function skeleton(query: ParsedAggregate, compile: CompileAggregate): { shape: string; key: string } {
  const compiled = compile({ ...query, measures: [COUNT_ROWS] });
  return { shape: compiled.sql, key: `${compiled.sql}\u0000${valuesKey(compiled.parameters)}` };
}

/** The shared statement's rows under one query's own measure positions. */
export function rowsFor(rows: Row[], positions: number[]): Row[] {
  if (positions.every((at, i) => at === i)) return rows;
  return rows.map((row) => {
    const own: Row = { ...row };
    positions.forEach((at, i) => {
      own[measureColumn(i)] = row[measureColumn(at)];
      if (othersColumn(at) in row) own[othersColumn(i)] = row[othersColumn(at)];
    });
    return own;
  });
}

export class SharedAggregates {
  private readonly waiting = new Map<string, Batch>();
  /** Statements run and queries answered, for tests and diagnostics. */
  readonly stats = { statements: 0, queries: 0 };

  /** The rows `compile(query)` would return, from a statement shared with others waiting. */
  run(query: ParsedAggregate, compile: CompileAggregate, runLate: RunLate): Promise<Row[]> {
    this.stats.queries++;
    if (!query.sorts.every((sort) => sort.group)) {
      this.stats.statements++;
      const statement = compile(query);
      return runLate(() => statement, statement.sql);
    }
    const { shape, key } = skeleton(query, compile);
    const open = this.waiting.get(key);
    if (open && this.fits(open, query)) return this.join(open, query);

    const batch: Batch = { query, compile, measures: [], members: [] };
    this.waiting.set(key, batch);
    const answer = this.join(batch, query);
    const close = () => {
      if (this.waiting.get(key) === batch) this.waiting.delete(key);
    };
    this.stats.statements++;
    runLate(() => {
      close();
      return batch.compile({ ...batch.query, measures: batch.measures });
    }, shape).then(
      (rows) => {
        close();
        for (const member of batch.members) member.resolve(rowsFor(rows, member.positions));
      },
      (error: unknown) => {
        close();
        for (const member of batch.members) member.reject(error);
      },
    );
    return answer;
  }

  private fits(batch: Batch, query: ParsedAggregate): boolean {
    const known = new Set(batch.measures.map(measureId));
    const added = new Set(query.measures.map(measureId).filter((id) => !known.has(id)));
    return batch.measures.length + added.size <= MAX_SHARED_MEASURES;
  }

  private join(batch: Batch, query: ParsedAggregate): Promise<Row[]> {
    const positions = query.measures.map((measure) => {
      const id = measureId(measure);
      const at = batch.measures.findIndex((known) => measureId(known) === id);
      if (at >= 0) return at;
      batch.measures.push(measure);
      return batch.measures.length - 1;
    });
    return new Promise((resolve, reject) => batch.members.push({ positions, resolve, reject }));
  }
}
