/**
 * Date ranges are stored as "ts1,ts2" (dateRangeCodec). A range field may also name start / end keys:
 * the two timestamps are then written into those form keys as well, for APIs that want them apart.
 */
import { toTimestamp } from './date';

export function rangeEnds(stored: unknown): [number, number] | undefined {
  const parts = Array.isArray(stored) ? stored : typeof stored === 'string' ? stored.split(',') : [];
  if (parts.length !== 2) return undefined;
  const [start, end] = parts.map(toTimestamp);
  return start !== null && end !== null ? [start, end] : undefined;
}

/** Values to write into the form for the optional start / end keys (null clears them). */
export function rangeKeyValues(stored: unknown, startKey?: string, endKey?: string): Record<string, number | null> {
  const ends = rangeEnds(stored);
  const out: Record<string, number | null> = {};
  if (startKey) out[startKey] = ends ? ends[0] : null;
  if (endKey) out[endKey] = ends ? ends[1] : null;
  return out;
}
