/**
 * Dates for display and import: stored values are ms timestamps (ai-and-widgets §3) shown in local
 * time; cells come back as date text or Excel date serials. The common formats are written by hand
 * because dayjs per cell is a large share of an export's CPU.
 */
import dayjs, { type OpUnitType } from 'dayjs';
import { toDayjs } from '../codecs/date';

export const DATE = 'YYYY-MM-DD';
export const DATETIME = 'YYYY-MM-DD HH:mm:ss';
export const MONTH = 'YYYY-MM';
/** Between the two ends of a range, in every view and in the export. */
export const RANGE_JOIN = ' ~ ';

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

export function formatMs(ms: number, format: string): string {
  if (format !== DATE && format !== DATETIME && format !== MONTH) return dayjs(ms).format(format);
  const d = new Date(ms);
  const month = `${d.getFullYear()}-${pad(d.getMonth() + 1)}`;
  if (format === MONTH) return month;
  const day = `${month}-${pad(d.getDate())}`;
  return format === DATE ? day : `${day} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

/** A stored instant as text; a value that is no date (legacy text) is shown as stored. */
export function showInstant(stored: unknown, format: string): string {
  if (typeof stored === 'number' && Number.isFinite(stored)) return formatMs(stored, format);
  const text = String(stored).trim();
  if (/^-?\d+$/.test(text)) return formatMs(Number(text), format);
  const date = toDayjs(stored);
  return date ? date.format(format) : text;
}

/** A stored "ts1,ts2" range as "start ~ end". */
export function showRange(stored: unknown, format: string): string {
  const parts = Array.isArray(stored) ? stored : String(stored).split(',');
  return parts.map((part) => showInstant(part, format)).join(RANGE_JOIN);
}

/** Excel's day serial (1900 system, local wall time) → ms. */
function fromSerial(serial: number): number {
  const utc = new Date(Math.round((serial - 25569) * 86400000));
  return new Date(
    utc.getUTCFullYear(),
    utc.getUTCMonth(),
    utc.getUTCDate(),
    utc.getUTCHours(),
    utc.getUTCMinutes(),
    utc.getUTCSeconds(),
  ).getTime();
}

const DATE_TEXT = /^(\d{4})[-/.年](\d{1,2})(?:[-/.月](\d{1,2})日?)?月?(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/** Date text (2024-03-05, 2024/3/5 08:30, 2024年3月5日, 2024-03), an Excel serial or ms → ms; else undefined. */
export function parseInstant(cell: unknown): number | undefined {
  // A number is Excel's day serial (below 9999-12-31's), or else a ms timestamp as stored.
  if (typeof cell === 'number')
    return cell > 0 && cell < 2958466 ? fromSerial(cell) : Number.isSafeInteger(cell) && cell > 0 ? cell : undefined;
  const match = DATE_TEXT.exec(String(cell).trim());
  if (!match) return undefined;
  const [y, mo, d = '1', h = '0', mi = '0', s = '0'] = match.slice(1).map((v, i) => v ?? (i === 2 ? '1' : '0'));
  const date = new Date(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  // new Date rolls 2024-02-30 over into March: such a date is refused, not moved.
  if (
    date.getMonth() !== Number(mo) - 1 ||
    date.getDate() !== Number(d) ||
    Number(h) > 23 ||
    Number(mi) > 59 ||
    Number(s) > 59
  ) {
    return undefined;
  }
  return date.getTime();
}

/** An instant snapped to the start of a unit (a month field stores its first day), as its picker does. */
export const startOf = (ms: number, unit: OpUnitType | undefined) => (unit ? dayjs(ms).startOf(unit).valueOf() : ms);
export const endOf = (ms: number, unit: OpUnitType | undefined) => (unit ? dayjs(ms).endOf(unit).valueOf() : ms);
