/**
 * The grouping/aggregate query contract (issue 15, docs/dashboards.md "Aggregate queries"):
 * POST /api/common/{table}/aggregate. The list contract's table, filters (querys, relate), joins
 * and data-limit keys, plus groups, measures, a sort, a top-N limit and an "others" row.
 */
import type { JoinSpec, QueryCondition, SortOrder } from './list-query';

export const MEASURE_FNS = ['count', 'countDistinct', 'sum', 'avg', 'min', 'max'] as const;
export type MeasureFn = (typeof MEASURE_FNS)[number];

/** Date buckets, computed in the query's time zone; weeks start on Monday (ISO). */
export const DATE_BUCKETS = ['day', 'week', 'month', 'quarter', 'year'] as const;
export type DateBucket = (typeof DATE_BUCKETS)[number];

/** At most this many groups come back; the rest are summed into the "others" row. */
export const AGGREGATE_GROUP_CAP = 1000;

export interface GroupBySpec {
  /** A column of the table, or a joined column by its output name (`customer_level`). */
  key: string;
  /** Date columns only: group by the day/week/month/quarter/year the value falls in. */
  bucket?: DateBucket;
  /** Output name; default the key, or `<key>_<bucket>`. */
  as?: string;
}

export interface MeasureSpec {
  fn: MeasureFn;
  /** The column measured; optional only for count (rows). */
  key?: string;
  /** Output name; default `<fn>_<key>` or `count`. */
  as?: string;
}

export interface AggregateQuery {
  querys?: QueryCondition[];
  relate?: 'AND' | 'OR';
  leftJoins?: JoinSpec[];
  rightJoins?: JoinSpec[];
  innerJoins?: JoinSpec[];
  dataLimitType?: number | string;
  dataLimitUnRoleIds?: string | string[];
  dataLimitUnDepeAdmin?: boolean | number;
  /** Up to 3 groups: a plain key or a spec. None: one row over all matching rows. */
  groupBy?: (string | GroupBySpec)[];
  /** Up to 10 measures; default `[{ fn: 'count' }]`. */
  measures?: MeasureSpec[];
  /** By a group's or a measure's output name; default groups ascending, or the first measure descending with `limit`. */
  sort?: { key: string; order?: SortOrder }[];
  /** Top-N: at most this many groups (1–1000). */
  limit?: number;
  /** Add one row summing the groups beyond `limit` (always added when the cap cuts groups off). */
  others?: boolean;
  /** IANA time zone of the date buckets; default the app's (docs/dashboards.md). */
  timeZone?: string;
}

/** The labels of a dictionary / option group value: zh and en. */
export interface GroupLabel {
  zh: string;
  en: string;
}

export interface AggregateResult {
  /** One row per group: group outputs (plus `<as>_label` for option fields), then measures. */
  list: Record<string, unknown>[];
  /** The measures over every group beyond the returned ones; null when there are none or none asked for. */
  others: Record<string, unknown> | null;
  /** How many groups there are in all (before limit and cap). */
  groups: number;
  /** Whether the group cap cut groups off. */
  capped: boolean;
  /** The time zone date buckets were computed in. */
  timeZone: string;
}
