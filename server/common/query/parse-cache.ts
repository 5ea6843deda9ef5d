/**
 * Parsed list queries by the body's JSON text, per table. A screen sends the same body again and
 * again (refresh, polling, paging back), and checking it against the table builds a few dozen
 * objects per request: measurable next to a cached SQL plan (docs/benchmarks-log.md "List endpoint").
 *
 * Only bodies whose parse depends on nothing but the text and the table are kept: no joins (a
 * join resolves tables through the caller's grants). The table is the registry's TableInfo object,
 * which a module save replaces, so a changed table never sees old entries. A body that fails its
 * checks is never kept (the error is thrown each time). Kept queries are frozen: they are shared
 * by every request with that text.
 */
import { Lru } from '../../../protocol/envelope/lru';
import type { TableInfo } from '../../modules/table-info';
import type { TableResolver } from './joins';
import { parseListQuery, type ParsedListQuery } from './parse';

/** Texts kept per table (the least recently used goes first). */
export const PARSE_CACHE_SIZE = 64;

const byTable = new WeakMap<TableInfo, Lru<string, ParsedListQuery>>();

function frozen(query: ParsedListQuery): ParsedListQuery {
  for (const list of [query.fields, query.conditions, query.sorts, query.joins]) Object.freeze(list);
  for (const condition of query.conditions) Object.freeze(condition.values);
  return Object.freeze(query);
}

/** parseListQuery, answered from the cache when `text` (the body's JSON text) was seen for this table. */
export async function parseListQueryCached(
  body: unknown,
  text: string | undefined,
  table: TableInfo,
  resolveTable: TableResolver,
): Promise<ParsedListQuery> {
  if (text === undefined) return parseListQuery(body, table, resolveTable);
  let cache = byTable.get(table);
  if (!cache) byTable.set(table, (cache = new Lru(PARSE_CACHE_SIZE)));
  const hit = cache.get(text);
  if (hit) return hit;
  const query = await parseListQuery(body, table, resolveTable);
  if (query.joins.length) return query;
  cache.set(text, frozen(query));
  return query;
}

/** Queries kept for a table (tests). */
export function cachedParses(table: TableInfo): number {
  return byTable.get(table)?.size ?? 0;
}
