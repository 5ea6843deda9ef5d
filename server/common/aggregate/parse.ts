/**
 * Checks an aggregate body (protocol/aggregate-query.ts) against the table's registry entry before
 * any SQL is built. The list contract's own keys (querys, relate, joins, data limit) are parsed by
 * the list's parser itself, so filters, joins and their table checks mean exactly what they mean on
 * a list; this file adds groups, measures, sort, limit, others and the time zone. Every name is a
 * registry name or one of our aliases; functions and buckets are closed sets.
 */
import '../../../runtime/definitions';
import {
  AGGREGATE_GROUP_CAP,
  DATE_BUCKETS,
  MEASURE_FNS,
  type DateBucket,
  type MeasureFn,
} from '../../../protocol/aggregate-query';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { getWidget } from '../../../runtime/core/registry';
import { badRequest } from '../../errors';
import type { ColumnInfo, TableInfo } from '../../modules/table-info';
import { BASE, type TableResolver } from '../query/joins';
import { isBlank, parseListQuery, type ParsedListQuery } from '../query/parse';
import { isPlainObject } from '../values';
import { checkTimeZone } from './time-zone';

/** Body keys that belong to the list contract and are parsed by it. */
const LIST_KEYS = [
  'querys',
  'relate',
  'leftJoins',
  'rightJoins',
  'innerJoins',
  'dataLimitType',
  'dataLimitUnRoleIds',
  'dataLimitUnDepeAdmin',
];
const GROUP_KEYS = new Set(['key', 'bucket', 'as']);
const OWN_KEYS = ['groupBy', 'measures', 'sort', 'limit', 'others', 'timeZone'];
const ALIAS = /^[A-Za-z][A-Za-z0-9_]{0,62}$/;
const NUMERIC = new Set(['integer', 'long', 'float', 'double', 'time', 'boolean']);

export const AGGREGATE_LIMITS = { groups: 3, measures: 10, sorts: 5 } as const;

/** A column a group or measure names: of the listed table (`t.x`) or a joined one (`j1.x`). */
export interface FieldRef {
  ref: string;
  column: ColumnInfo;
  table: TableInfo;
}

export interface ParsedGroup extends FieldRef {
  as: string;
  bucket?: DateBucket;
}

export interface ParsedMeasure {
  fn: MeasureFn;
  as: string;
  /** Absent for count of rows. */
  field?: FieldRef;
}

export interface ParsedAggregate {
  /** The list part: conditions, joins, data limit. */
  list: ParsedListQuery;
  groups: ParsedGroup[];
  measures: ParsedMeasure[];
  /** Output names with their order; `group` says which list the index is in. */
  sorts: { group: boolean; index: number; order: 'asc' | 'desc' }[];
  /** Groups returned: the limit, or the cap. */
  limit: number;
  /** Whether the body asked for a top-N (else the cap applies, with "others" beyond it). */
  explicitLimit: boolean;
  /** Whether an "others" row is wanted (it is also added when the cap cuts groups off). */
  others: boolean;
  timeZone: string;
}

/** Stored field definitions of a table (declared-limit.ts's facts), for date and option checks. */
export type FieldsOf = (table: TableInfo) => Promise<Map<string, FieldDefinition>>;

const STANDARD_DATES = new Set(['create_at', 'update_at']);

/** A date: a `time` column, the standard timestamps, or a ms column of a date widget. */
function isDate(field: FieldRef, definition: FieldDefinition | undefined): boolean {
  if (field.column.type === 'time') return true;
  if (STANDARD_DATES.has(field.column.name)) return true;
  const widget = definition ? getWidget(definition.type) : undefined;
  return field.column.type === 'long' && widget?.palette?.group === 'date';
}

function resolver(table: TableInfo, list: ParsedListQuery) {
  return (key: unknown, where: string): FieldRef => {
    if (typeof key === 'string') {
      const own = table.columns.get(key);
      if (own) return { ref: `${BASE}.${own.name}`, column: own, table };
      for (const join of list.joins) {
        const joined = join.fields.find((f) => f.as === key);
        if (joined) return { ref: joined.ref, column: joined.column, table: join.table };
      }
    }
    throw badRequest('server.unknownField', { key: `${where}: ${String(key).slice(0, 64)}` });
  };
}

function listOf(raw: unknown, key: string, max: number): unknown[] {
  if (isBlank(raw)) return [];
  if (!Array.isArray(raw)) throw badRequest('server.invalidValue', { key });
  if (raw.length > max) throw badRequest('server.tooMany', { key, max });
  return raw;
}

function aliasOf(raw: unknown, fallback: string, key: string): string {
  const as = raw ?? fallback;
  if (typeof as !== 'string' || !ALIAS.test(as)) throw badRequest('server.invalidValue', { key });
  return as;
}

export async function parseAggregate(
  body: unknown,
  table: TableInfo,
  resolveTable: TableResolver,
  fieldsOf: FieldsOf,
  defaultZone: string,
): Promise<ParsedAggregate> {
  const query = body === undefined || body === null ? {} : body;
  if (!isPlainObject(query)) throw badRequest('server.bodyNotObject');
  const listBody: Record<string, unknown> = { skipCount: true };
  for (const [key, value] of Object.entries(query)) {
    if (LIST_KEYS.includes(key)) listBody[key] = value;
    else if (!OWN_KEYS.includes(key)) throw badRequest('server.unknownField', { key: key.slice(0, 64) });
  }
  const list = await parseListQuery(listBody, table, resolveTable);
  const field = resolver(table, list);

  const timeZone = isBlank(query.timeZone) ? defaultZone : checkTimeZone(query.timeZone);

  const groups: ParsedGroup[] = [];
  for (const entry of listOf(query.groupBy, 'groupBy', AGGREGATE_LIMITS.groups)) {
    const spec: Record<string, unknown> = isPlainObject(entry) ? entry : { key: entry };
    const extra = Object.keys(spec).find((key) => !GROUP_KEYS.has(key));
    if (extra) throw badRequest('server.unknownField', { key: `groupBy.${extra.slice(0, 64)}` });
    const target = field(spec.key, 'groupBy');
    let bucket: DateBucket | undefined;
    if (!isBlank(spec.bucket)) {
      if (!DATE_BUCKETS.includes(spec.bucket as DateBucket))
        throw badRequest('aggregate.unknownBucket', { bucket: String(spec.bucket).slice(0, 32) });
      bucket = spec.bucket as DateBucket;
      const definition = (await fieldsOf(target.table)).get(target.column.name);
      if (!isDate(target, definition)) throw badRequest('aggregate.notDate', { key: target.column.name, bucket });
    }
    const as = aliasOf(spec.as, bucket ? `${String(spec.key)}_${bucket}` : String(spec.key), 'groupBy.as');
    groups.push({ ...target, as, ...(bucket ? { bucket } : {}) });
  }

  const measures: ParsedMeasure[] = [];
  const rawMeasures = listOf(query.measures, 'measures', AGGREGATE_LIMITS.measures);
  for (const entry of rawMeasures.length ? rawMeasures : [{ fn: 'count' }]) {
    if (!isPlainObject(entry) || !MEASURE_FNS.includes(entry.fn as MeasureFn))
      throw badRequest('aggregate.unknownMeasure', {
        fn: String(isPlainObject(entry) ? entry.fn : entry).slice(0, 32),
      });
    const fn = entry.fn as MeasureFn;
    const target = isBlank(entry.key) ? undefined : field(entry.key, 'measures');
    if (!target && fn !== 'count') throw badRequest('aggregate.measureKeyRequired', { fn });
    if (target && (fn === 'sum' || fn === 'avg') && !NUMERIC.has(target.column.type))
      throw badRequest('aggregate.notNumeric', { key: target.column.name, fn });
    const as = aliasOf(entry.as, target ? `${fn}_${String(entry.key)}` : fn, 'measures.as');
    measures.push({ fn, as, ...(target ? { field: target } : {}) });
  }

  const names = new Set<string>();
  for (const name of [...groups.map((g) => g.as), ...measures.map((m) => m.as)]) {
    if (names.has(name)) throw badRequest('listQuery.duplicateOutput', { key: name });
    names.add(name);
  }

  const limit = isBlank(query.limit) ? AGGREGATE_GROUP_CAP : query.limit;
  if (typeof limit !== 'number' || !Number.isSafeInteger(limit) || limit < 1 || limit > AGGREGATE_GROUP_CAP)
    throw badRequest('listQuery.range', { key: 'limit', max: AGGREGATE_GROUP_CAP });
  if (query.others !== undefined && typeof query.others !== 'boolean')
    throw badRequest('server.invalidValue', { key: 'others' });

  const sorts: ParsedAggregate['sorts'] = [];
  for (const entry of listOf(query.sort, 'sort', AGGREGATE_LIMITS.sorts)) {
    if (!isPlainObject(entry)) throw badRequest('server.invalidValue', { key: 'sort' });
    const order = String(entry.order ?? 'asc').toLowerCase();
    if (order !== 'asc' && order !== 'desc') throw badRequest('server.invalidValue', { key: 'sort.order' });
    const group = groups.findIndex((g) => g.as === entry.key);
    const measure = measures.findIndex((m) => m.as === entry.key);
    if (group < 0 && measure < 0) throw badRequest('aggregate.unknownSort', { key: String(entry.key).slice(0, 64) });
    sorts.push({ group: group >= 0, index: group >= 0 ? group : measure, order });
  }
  // Top-N without a sort: the biggest first measure. Otherwise the groups in order.
  if (sorts.length === 0 && !isBlank(query.limit)) sorts.push({ group: false, index: 0, order: 'desc' });

  return {
    list,
    groups,
    measures,
    sorts,
    limit,
    explicitLimit: !isBlank(query.limit),
    others: query.others === true,
    timeZone,
  };
}
