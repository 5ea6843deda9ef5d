/**
 * Time of day (time picker): stored as "HH:mm:ss" text, since a time without a date is not an
 * instant (a ms timestamp would shift with the time zone). Decoding accepts "H:mm" too.
 */
import dayjs, { type Dayjs } from 'dayjs';
import type { ValueCodec } from '../registry';

const TIME = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/;

export function parseTime(stored: unknown): Dayjs | undefined {
  if (dayjs.isDayjs(stored)) return stored.isValid() ? stored : undefined;
  if (typeof stored !== 'string') return undefined;
  const match = TIME.exec(stored.trim());
  if (!match) return undefined;
  const [h, m, s] = [Number(match[1]), Number(match[2]), Number(match[3] ?? 0)];
  if (h > 23 || m > 59 || s > 59) return undefined;
  return dayjs().startOf('day').hour(h).minute(m).second(s);
}

export function formatTime(value: unknown): string | null {
  const time = parseTime(value);
  return time ? time.format('HH:mm:ss') : null;
}

export const timeCodec: ValueCodec<Dayjs, string> = {
  decode: (stored) => parseTime(stored),
  encode: (value) => formatTime(value),
};
