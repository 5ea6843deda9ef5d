/**
 * The list-query contract (building-blocks §7, platform-shell §3). Rules are accepted by name or by
 * their numeric code 1–13; the server normalises both to the name.
 */
export const QUERY_RULES = [
  'EQUAL',
  'IN',
  'LIKE',
  'GT',
  'LT',
  'GE',
  'LE',
  'BETWEEN',
  'NO_EQUAL',
  'IS_NULL',
  'IS_NOT_NULL',
  'INCLUDE_OR',
  'INCLUDE_AND',
] as const;
export type QueryRule = (typeof QUERY_RULES)[number];

/** Code 1 is EQUAL ... code 13 is INCLUDE_AND. */
export function ruleFromCode(value: unknown): QueryRule | undefined {
  if (typeof value === 'number' || (typeof value === 'string' && /^\d{1,2}$/.test(value))) {
    return QUERY_RULES[Number(value) - 1];
  }
  if (typeof value === 'string') {
    const upper = value.toUpperCase();
    return (QUERY_RULES as readonly string[]).includes(upper) ? (upper as QueryRule) : undefined;
  }
  return undefined;
}

export interface QueryCondition {
  key: string;
  value?: unknown;
  rule: QueryRule | number;
}

export interface JoinSpec {
  /** The joined table (logical name). */
  join: string;
  /** Prefix of the joined columns in the answer (`<as or join>_<column>`); also joins a table twice. */
  as?: string;
  showFields?: string[];
  /** Structured: [leftColumn, rightColumn] or "left=right" of two plain column names. */
  on: string | [string, string];
}

export type SortOrder = 'asc' | 'desc';
export interface SortSpec {
  key: string;
  order?: SortOrder;
}

export type Aggregate = 'count' | 'sum' | 'avg' | 'min' | 'max';
export interface GroupSpec {
  key: string;
  aggregates?: { fn: Aggregate; key?: string; as?: string }[];
}

export interface ListQuery {
  showFields?: string[];
  querys?: QueryCondition[];
  leftJoins?: JoinSpec[];
  rightJoins?: JoinSpec[];
  innerJoins?: JoinSpec[];
  sorts?: SortSpec[];
  groups?: (string | GroupSpec)[];
  relate?: 'AND' | 'OR';
  isPage?: boolean;
  current?: number;
  pageSize?: number;
  /** Skip the COUNT(*) when the client does not need a total. */
  skipCount?: boolean;
  parentKey?: string;
  dataLimitType?: number | string;
  dataLimitUnRoleIds?: string;
  dataLimitUnDepeAdmin?: boolean | number;
}

export interface ListResult<Row = Record<string, unknown>> {
  list: Row[];
  total: number;
}

export const DEFAULT_SORT: SortSpec = { key: 'create_at', order: 'desc' };
