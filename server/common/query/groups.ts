/**
 * groups: ["level"] or [{ key: "level", aggregates: [{ fn: "sum", key: "credit_limit", as: "total" }] }].
 * Group keys are columns of the listed table; aggregate functions are a closed set; aliases are
 * checked names. Without any aggregate, each group carries its row count as `count`.
 */
import type { Aggregate } from '../../../protocol/list-query';
import { badRequest } from '../../errors';
import type { ColumnInfo, TableInfo } from '../../modules/table-info';
import { isPlainObject } from '../values';
import { BASE } from './joins';
import { LIMITS } from './limits';

export const AGGREGATES: readonly Aggregate[] = ['count', 'sum', 'avg', 'min', 'max'];
const ALIAS = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const NUMERIC = new Set(['integer', 'long', 'float', 'double', 'time', 'boolean']);

export interface ParsedAggregate {
  fn: Aggregate;
  /** Qualified column, or undefined for count(*). */
  ref?: string;
  as: string;
}

export interface ParsedGroups {
  keys: { as: string; ref: string; column: ColumnInfo }[];
  aggregates: ParsedAggregate[];
  /** Output columns in order: keys, then aggregates (typed for decoding). */
  fields: { as: string; ref: string; column: ColumnInfo }[];
}

const NUMBER_COLUMN = (name: string): ColumnInfo => ({ name, type: 'double', writable: false });

export function parseGroups(raw: unknown, table: TableInfo): ParsedGroups | undefined {
  if (raw === undefined || raw === null || raw === '' || (Array.isArray(raw) && raw.length === 0)) return undefined;
  if (!Array.isArray(raw)) throw badRequest('server.invalidValue', { key: 'groups' });
  if (raw.length > LIMITS.groups) throw badRequest('server.tooMany', { key: 'groups', max: LIMITS.groups });
  const keys: ParsedGroups['keys'] = [];
  const aggregates: ParsedAggregate[] = [];
  const lookup = (key: unknown) => {
    const found = typeof key === 'string' ? table.columns.get(key) : undefined;
    if (!found) throw badRequest('server.unknownField', { key: String(key).slice(0, 64) });
    return found;
  };
  for (const entry of raw) {
    const spec: Record<string, unknown> = isPlainObject(entry) ? entry : { key: entry };
    const col = lookup(spec.key);
    if (!keys.some((k) => k.as === col.name)) keys.push({ as: col.name, ref: `${BASE}.${col.name}`, column: col });
    const list = spec.aggregates ?? [];
    if (!Array.isArray(list)) throw badRequest('server.invalidValue', { key: 'groups.aggregates' });
    for (const agg of list) {
      if (aggregates.length >= LIMITS.aggregates)
        throw badRequest('server.tooMany', { key: 'groups.aggregates', max: LIMITS.aggregates });
      if (!isPlainObject(agg) || !AGGREGATES.includes(agg.fn as Aggregate))
        throw badRequest('listQuery.unknownAggregate', { fn: String(isPlainObject(agg) ? agg.fn : agg).slice(0, 32) });
      const fn = agg.fn as Aggregate;
      const target = agg.key === undefined || agg.key === null || agg.key === '' ? undefined : lookup(agg.key);
      if (!target && fn !== 'count') throw badRequest('server.invalidValue', { key: 'groups.aggregates.key' });
      if (target && (fn === 'sum' || fn === 'avg') && !NUMERIC.has(target.type))
        throw badRequest('listQuery.unknownAggregate', { fn: `${fn} (${target.name})` });
      const as = agg.as ?? (target ? `${fn}_${target.name}` : fn);
      if (typeof as !== 'string' || !ALIAS.test(as))
        throw badRequest('server.invalidValue', { key: 'groups.aggregates.as' });
      aggregates.push({ fn, ref: target ? `${BASE}.${target.name}` : undefined, as });
    }
  }
  if (aggregates.length === 0) aggregates.push({ fn: 'count', as: 'count' });
  const names = new Set(keys.map((k) => k.as));
  for (const agg of aggregates) {
    if (names.has(agg.as)) throw badRequest('listQuery.duplicateOutput', { key: agg.as });
    names.add(agg.as);
  }
  const fields = [
    ...keys,
    ...aggregates.map((a) => {
      // min/max keep the column's type; count, sum and avg are numbers.
      const source =
        a.ref && (a.fn === 'min' || a.fn === 'max') ? table.columns.get(a.ref.slice(BASE.length + 1)) : undefined;
      return { as: a.as, ref: a.as, column: source ? { ...source, name: a.as } : NUMBER_COLUMN(a.as) };
    }),
  ];
  return { keys, aggregates, fields };
}
