/**
 * The statement's rows (internal columns g0.., m0.., o0.., rn, total) → the answer the client
 * reads: output names, numbers as numbers on every database (PostgreSQL and MySQL give counts,
 * sums and averages as strings), booleans from 0/1, and `<as>_label` ({ zh, en }) on groups of a
 * field with options (its selectItems or its dictionary of this app).
 */
import type { AggregateResult, GroupLabel } from '../../../protocol/aggregate-query';
import type { ServerContext } from '../../context';
import { fieldOptions } from '../../modules/field-defs';
import type { ColumnInfo } from '../../modules/table-info';
import { groupColumn, measureColumn, othersColumn } from './build';
import type { FieldsOf, ParsedAggregate, ParsedMeasure } from './parse';

const toNumber = (value: unknown) => (value === null || value === undefined ? null : Number(value));

function byColumn(column: ColumnInfo, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (column.type === 'boolean') return Number(value) === 1;
  if (column.type === 'string' || column.type === 'text') return value;
  return Number(value);
}

function measureValue(measure: ParsedMeasure, value: unknown): unknown {
  if ((measure.fn === 'min' || measure.fn === 'max') && measure.field) return byColumn(measure.field.column, value);
  return toNumber(value);
}

type Labels = Map<string, GroupLabel>;

/** value → { zh, en } of the groups that name a field with options; undefined for the others. */
async function labelsOf(
  ctx: ServerContext,
  appId: string,
  query: ParsedAggregate,
  fieldsOf: FieldsOf,
): Promise<(Labels | undefined)[]> {
  return Promise.all(
    query.groups.map(async (group) => {
      if (group.bucket) return undefined;
      const definition = (await fieldsOf(group.table)).get(group.column.name);
      const [zh, en] = await Promise.all(
        (['zh', 'en'] as const).map((lang) => fieldOptions(ctx.db.db, ctx.tables, appId, definition, lang)),
      );
      if (!zh || !en) return undefined;
      const labels: Labels = new Map();
      zh.forEach((option, i) => labels.set(option.value, { zh: option.label, en: en[i]?.label ?? option.label }));
      return labels;
    }),
  );
}

/** A stored value's label; a multi-select's "a,b" reads as the items' labels joined. */
function labelOf(labels: Labels, value: unknown): GroupLabel | null {
  if (value === null || value === undefined || value === '') return null;
  const text = String(value);
  const whole = labels.get(text);
  if (whole) return whole;
  const items = text.split(',').map((item) => labels.get(item) ?? { zh: item, en: item });
  return { zh: items.map((l) => l.zh).join('，'), en: items.map((l) => l.en).join(', ') };
}

export async function decodeAggregate(
  ctx: ServerContext,
  appId: string,
  query: ParsedAggregate,
  rows: Record<string, unknown>[],
  fieldsOf: FieldsOf,
): Promise<AggregateResult> {
  const labels = await labelsOf(ctx, appId, query, fieldsOf);
  const list = rows.map((row) => {
    const out: Record<string, unknown> = {};
    query.groups.forEach((group, i) => {
      const value = row[groupColumn(i)];
      out[group.as] = group.bucket ? (value ?? null) : byColumn(group.column, value);
      const known = labels[i];
      if (known) out[`${group.as}_label`] = labelOf(known, value);
    });
    query.measures.forEach((measure, i) => (out[measure.as] = measureValue(measure, row[measureColumn(i)])));
    return out;
  });
  const first = rows[0];
  const groups = first ? Number(first.total) : 0;
  let others: Record<string, unknown> | null = null;
  if (first && groups > query.limit && othersColumn(0) in first) {
    others = {};
    query.measures.forEach((measure, i) => (others![measure.as] = measureValue(measure, first[othersColumn(i)])));
  }
  return { list, others, groups, capped: false, timeZone: query.timeZone };
}
