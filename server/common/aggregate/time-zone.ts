/**
 * Date buckets in a time zone, on three databases that do not share time-zone support (SQLite has
 * none, MySQL needs its zone tables loaded). Stored dates are ms timestamps (bigint), so the local
 * wall time is the timestamp plus the zone's UTC offset at that instant; the dialect then cuts the
 * shifted value into a day/week/month/quarter/year as if it were UTC (DialectSpec.aggregate).
 *
 * The offset is exact for zones with daylight saving too: the zone's offset changes between 1970
 * and 2100 are worked out here once per zone (Intl), and the SQL picks the right offset with a
 * balanced CASE over those instants (about 9 comparisons per row for a DST zone; a constant for
 * zones without changes since 1970 such as Asia/Shanghai's modern rules, UTC). Only numbers we
 * computed reach the SQL, as literals: the zone's name never does.
 */
import { sql, type Expression, type RawBuilder } from 'kysely';
import { badRequest } from '../../errors';

/** [from (ms, inclusive), offset (ms)]: the offset in force from that instant on. */
type Span = [number, number];

const FROM = Date.UTC(1970, 0, 1);
const TO = Date.UTC(2100, 0, 1);
/** Sampling step: no zone has changed its offset twice within a week since 1970. */
const STEP = 7 * 86_400_000;

const formats = new Map<string, Intl.DateTimeFormat>();
const spansByZone = new Map<string, Span[]>();

/** The zone's canonical name, or a P4000 naming it when Intl does not know it. */
export function checkTimeZone(zone: unknown): string {
  if (typeof zone !== 'string' || zone.length > 64 || !/^[A-Za-z0-9_+\-/]+$/.test(zone))
    throw badRequest('aggregate.timeZone', { zone: String(zone).slice(0, 64) });
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    throw badRequest('aggregate.timeZone', { zone });
  }
}

/** The server's own zone: the app's zone until apps carry one (docs/dashboards.md). */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

function offsetAt(zone: string, at: number): number {
  let format = formats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' });
    formats.set(zone, format);
  }
  const name = format.formatToParts(at).find((p) => p.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  const ms = (Number(match[2]) * 3600 + Number(match[3]) * 60 + Number(match[4] ?? 0)) * 1000;
  return match[1] === '-' ? -ms : ms;
}

/**
 * The zone's offsets from 1970 to 2100, one span per change (sampled weekly, then bisected to the
 * ms): about 7,000 Intl calls, some 100 ms once per zone and process.
 */
export function offsetSpans(zone: string): Span[] {
  const known = spansByZone.get(zone);
  if (known) return known;
  const spans: Span[] = [[Number.MIN_SAFE_INTEGER, offsetAt(zone, FROM)]];
  let previous = spans[0]![1];
  for (let at = FROM + STEP; at <= TO + STEP; at += STEP) {
    const offset = offsetAt(zone, at);
    if (offset === previous) continue;
    let low = at - STEP;
    let high = at;
    while (high - low > 1) {
      const mid = Math.floor((low + high) / 2);
      if (offsetAt(zone, mid) === previous) low = mid;
      else high = mid;
    }
    spans.push([high, offset]);
    previous = offset;
  }
  spansByZone.set(zone, spans);
  return spans;
}

/** The zone's offset (ms) at `ref`'s instant, as SQL: a constant or a balanced CASE over the spans. */
function offsetSql(ref: Expression<unknown>, spans: Span[], low: number, high: number): RawBuilder<number> {
  if (low === high) return sql<number>`${sql.lit(spans[low]![1])}`;
  const mid = Math.ceil((low + high) / 2);
  return sql<number>`(case when ${ref} < ${sql.lit(spans[mid]![0])} then ${offsetSql(ref, spans, low, mid - 1)} else ${offsetSql(ref, spans, mid, high)} end)`;
}

/**
 * `ref` (a ms timestamp) shifted to the zone's wall time, still in ms. Instants after the zone's
 * last change (most data, for a zone that no longer changes, such as Shanghai since 1991) are
 * answered by the first comparison.
 */
export function localMs(ref: Expression<unknown>, zone: string): RawBuilder<number> {
  const spans = offsetSpans(zone);
  const last = spans.length - 1;
  if (last === 0) return sql<number>`(${ref} + ${sql.lit(spans[0]![1])})`;
  const recent = sql<number>`(case when ${ref} >= ${sql.lit(spans[last]![0])} then ${sql.lit(spans[last]![1])} else ${offsetSql(ref, spans, 0, last - 1)} end)`;
  return sql<number>`(${ref} + ${recent})`;
}
