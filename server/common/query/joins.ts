/**
 * leftJoins / rightJoins / innerJoins: { join, showFields, on, as? }. The joined table is looked
 * up in the caller's registry (module tables of the session's app, readable system tables), `on`
 * is two plain column names, [left, right] or "left=right", left resolved against the listed
 * table and right against the joined one. Joined columns come out as `<as or join>_<column>`.
 * Nothing of the body reaches SQL: aliases are ours (t, j1, j2, ...), names are registry names.
 */
import { badRequest } from '../../errors';
import type { ColumnInfo, TableInfo } from '../../modules/table-info';
import { isPlainObject, type Row } from '../values';
import { LIMITS } from './limits';

/** The listed table's alias in every list statement. */
export const BASE = 't';

export type JoinKind = 'left' | 'right' | 'inner';
export type TableResolver = (name: string) => Promise<TableInfo | undefined>;

export interface ParsedJoin {
  kind: JoinKind;
  table: TableInfo;
  alias: string;
  /** [column of the listed table, column of the joined table]. */
  on: [ColumnInfo, ColumnInfo];
  fields: { as: string; ref: string; column: ColumnInfo }[];
}

const KINDS: [string, JoinKind][] = [
  ['leftJoins', 'left'],
  ['rightJoins', 'right'],
  ['innerJoins', 'inner'],
];
const TABLE_NAME = /^[A-Za-z0-9_]{1,64}$/;
const PREFIX = /^[A-Za-z][A-Za-z0-9_]{0,40}$/;
const PLAIN = /^\s*([A-Za-z0-9_]{1,64})\s*=\s*([A-Za-z0-9_]{1,64})\s*$/;

function onPair(raw: unknown, key: string): [string, string] {
  if (Array.isArray(raw) && raw.length === 2 && raw.every((c) => typeof c === 'string')) return [raw[0], raw[1]];
  const match = typeof raw === 'string' ? PLAIN.exec(raw) : null;
  if (!match) throw badRequest('listQuery.joinOn', { key });
  return [match[1]!, match[2]!];
}

function joinColumn(table: TableInfo, name: string, key: string): ColumnInfo {
  const found = table.columns.get(name);
  if (!found) throw badRequest('server.unknownField', { key: `${key}.${name.slice(0, 64)}` });
  return found;
}

/** Whether the body asks for any join (most lists do not: they skip parseJoins and its promise). */
export function hasJoins(query: Row): boolean {
  for (const [key] of KINDS) {
    const raw = query[key];
    if (raw !== undefined && raw !== null && raw !== '') return true;
  }
  return false;
}

export async function parseJoins(query: Row, base: TableInfo, resolve: TableResolver): Promise<ParsedJoin[]> {
  const joins: ParsedJoin[] = [];
  for (const [key, kind] of KINDS) {
    const raw = query[key];
    if (raw === undefined || raw === null || raw === '') continue;
    if (!Array.isArray(raw)) throw badRequest('server.invalidValue', { key });
    if (joins.length + raw.length > LIMITS.joins)
      throw badRequest('server.tooMany', { key: 'joins', max: LIMITS.joins });
    for (const entry of raw) {
      if (!isPlainObject(entry)) throw badRequest('server.invalidValue', { key });
      const name = entry.join;
      if (typeof name !== 'string' || !TABLE_NAME.test(name))
        throw badRequest('server.invalidValue', { key: `${key}.join` });
      const table = await resolve(name);
      if (!table) throw badRequest('listQuery.unknownTable', { name });
      const prefix = entry.as ?? name;
      if (typeof prefix !== 'string' || !PREFIX.test(prefix))
        throw badRequest('server.invalidValue', { key: `${key}.as` });
      const [left, right] = onPair(entry.on, `${key}.on`);
      const alias = `j${joins.length + 1}`;
      const shown = entry.showFields ?? [];
      if (!Array.isArray(shown)) throw badRequest('server.invalidValue', { key: `${key}.showFields` });
      if (shown.length > LIMITS.showFields)
        throw badRequest('server.tooMany', { key: `${key}.showFields`, max: LIMITS.showFields });
      const fields = [...new Set(shown)].map((field) => {
        const col = joinColumn(table, typeof field === 'string' ? field : '', name);
        return { as: `${prefix}_${col.name}`, ref: `${alias}.${col.name}`, column: col };
      });
      joins.push({
        kind,
        table,
        alias,
        on: [joinColumn(base, left, base.name), joinColumn(table, right, name)],
        fields,
      });
    }
  }
  return joins;
}
