import { describe, expect, it } from 'vitest';
import { ApiError } from '../../errors';
import { checkTimeZone, offsetSpans } from './time-zone';

const HOUR = 3_600_000;

/** The offset a span list gives at an instant (what the SQL CASE computes). */
const offsetAt = (zone: string, at: number) => offsetSpans(zone).findLast(([from]) => from <= at)![1];

describe('time zones of date buckets', () => {
  it('knows IANA names and refuses anything else', () => {
    expect(checkTimeZone('Asia/Shanghai')).toBe('Asia/Shanghai');
    expect(checkTimeZone('UTC')).toBe('UTC');
    for (const bad of ['Mars/Olympus', "UTC'; drop table x", 42, ''])
      expect(() => checkTimeZone(bad)).toThrow(ApiError);
  });

  it('has one offset for a zone without changes and the DST changes of one with them', () => {
    expect(offsetSpans('UTC')).toEqual([[Number.MIN_SAFE_INTEGER, 0]]);
    expect(offsetAt('Asia/Shanghai', Date.parse('2026-06-01T00:00:00Z'))).toBe(8 * HOUR);
    // New York springs forward at 2026-03-08 07:00 UTC (02:00 EST).
    const change = Date.parse('2026-03-08T07:00:00Z');
    expect(offsetSpans('America/New_York').some(([from]) => from === change)).toBe(true);
    expect(offsetAt('America/New_York', change - 1)).toBe(-5 * HOUR);
    expect(offsetAt('America/New_York', change)).toBe(-4 * HOUR);
  });
});
