/**
 * Column show/hide (building-blocks §2 显隐列设置): saved per user on the server under
 * `columns:<table or list key>` as { hidden: [column keys] }, so it follows the user to another
 * browser. The stored value is data from the server: read defensively, unknown keys dropped.
 */
import type { RequestFn } from '../../../protocol/http';
import { isSuccess } from '../../../protocol/codes';

export interface ColumnPref {
  hidden: string[];
}

const safe = (s: string) => s.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 63) || 'list';

export function columnPrefKey(name: string): string {
  return `columns:${safe(name)}`;
}

/** The hidden keys of a stored value that are still columns of this list. */
export function hiddenColumns(value: unknown, columns: readonly string[]): string[] {
  const hidden = (value as Partial<ColumnPref> | null)?.hidden;
  if (!Array.isArray(hidden)) return [];
  const known = new Set(columns);
  return [...new Set(hidden.filter((k): k is string => typeof k === 'string' && known.has(k)))];
}

export async function loadColumnPref(request: RequestFn, key: string): Promise<unknown> {
  const answer = await request<unknown>({ method: 'GET', url: `prefs/${encodeURIComponent(key)}` });
  return isSuccess(answer.code) ? answer.data : null;
}

/** Resolves with the server's answer (the caller shows a failure); rejects only on transport failure. */
export function saveColumnPref(request: RequestFn, key: string, hidden: readonly string[]) {
  return request<unknown>({ method: 'PUT', url: `prefs/${encodeURIComponent(key)}`, body: { value: { hidden } } });
}
