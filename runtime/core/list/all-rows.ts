/**
 * Every row of a list's query, paged through the server (issue 22, item 3: the gantt shows the
 * whole query, not the table's current page). Pages of MAX_PAGE_SIZE, up to `cap` rows; `more`
 * says the query holds more than were loaded. Only the newest call's answer matters to the caller.
 */
import { isSuccess } from '../../../protocol/codes';
import { MAX_PAGE_SIZE } from '../../../protocol/constants';
import type { ListQuery } from '../../../protocol/list-query';
import type { DataProvider, Row } from '../data/provider';

export const GANTT_ROW_CAP = 10_000;

export async function loadAllRows(
  provider: DataProvider,
  query: ListQuery,
  cap = GANTT_ROW_CAP,
): Promise<{ rows: Row[]; total: number; more: boolean }> {
  const rows: Row[] = [];
  let total = 0;
  for (let current = 1; rows.length < cap; current++) {
    const result = await provider.list({ ...query, current, pageSize: Math.min(MAX_PAGE_SIZE, cap) });
    if (!isSuccess(result.code)) throw new Error(result.message);
    total = result.data.total;
    rows.push(...result.data.list);
    if (result.data.list.length === 0 || rows.length >= total) break;
  }
  return { rows: rows.slice(0, cap), total, more: total > cap };
}
