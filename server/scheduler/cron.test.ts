import { describe, expect, it } from 'vitest';
import { checkCron, previousTick } from './cron';

const FROM = new Date(Date.UTC(2026, 10, 26, 8, 0, 30));

describe('checkCron', () => {
  it('gives the next run times in the task time zone', () => {
    const check = checkCron('30 9 * * 1-5', 'Asia/Shanghai', FROM, 3);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    // 09:30 Shanghai = 01:30 UTC, weekdays only: Fri 27th, Mon 30th, Tue 1st.
    expect(check.next.map((d) => d.toISOString())).toEqual([
      '2026-11-27T01:30:00.000Z',
      '2026-11-30T01:30:00.000Z',
      '2026-12-01T01:30:00.000Z',
    ]);
  });

  it('refuses an expression croner cannot parse', () => {
    expect(checkCron('61 * * * *', 'UTC', FROM)).toMatchObject({ ok: false, reason: 'invalid' });
    expect(checkCron('every day', 'UTC', FROM)).toMatchObject({ ok: false, reason: 'invalid' });
  });

  it('refuses a task firing more often than once a minute', () => {
    expect(checkCron('* * * * * *', 'UTC', FROM)).toEqual({ ok: false, reason: 'tooFrequent' });
    expect(checkCron('*/10 * * * * *', 'UTC', FROM)).toEqual({ ok: false, reason: 'tooFrequent' });
    expect(checkCron('* * * * *', 'UTC', FROM).ok).toBe(true);
  });

  it('refuses an unknown time zone', () => {
    expect(checkCron('0 3 * * *', 'Mars/Olympus', FROM)).toMatchObject({ ok: false, reason: 'timezone' });
  });

  it('previousTick is the latest scheduled time at or before the moment', () => {
    expect(new Date(previousTick('0 * * * *', 'UTC', FROM)!).toISOString()).toBe('2026-11-26T08:00:00.000Z');
  });
});
