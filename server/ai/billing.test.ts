import { describe, expect, it } from 'vitest';
import { aiSettingsOf, dayIn } from './ai-config';
import { costOf, money } from './billing';

describe('AI billing arithmetic', () => {
  it('costs the price per 1,000 tokens, rounded up so no call is free by rounding', () => {
    expect(costOf(2000, 1000)).toBe(2000);
    expect(costOf(2000, 1)).toBe(2);
    expect(costOf(1, 1)).toBe(1);
    expect(costOf(0, 5000)).toBe(0);
    expect(costOf(1500, -3)).toBe(0);
  });

  it('shows what is needed rounded up and what is there rounded down', () => {
    expect(money(2058, 'up')).toBe('2.06');
    expect(money(2058)).toBe('2.05');
    expect(money(10_000)).toBe('10.00');
  });

  it("counts the quota's day in the app's time zone", () => {
    const evening = Date.UTC(2026, 10, 26, 17, 30); // 01:30 on the 27th in Shanghai
    expect(dayIn('Asia/Shanghai', evening)).toBe('2026-11-27');
    expect(dayIn('UTC', evening)).toBe('2026-11-26');
    expect(dayIn('America/New_York', evening)).toBe('2026-11-26');
  });

  it('reads the settings with every feature on and no quota by default', () => {
    expect(aiSettingsOf({ ai_config: null })).toMatchObject({ chat: true, draw: true, generator: true, dailyQuota: 0 });
    expect(aiSettingsOf({ ai_config: '{"chat":false,"dailyQuota":5,"payMode":3,"timeZone":"UTC"}' })).toMatchObject({
      chat: false,
      dailyQuota: 5,
      payMode: 3,
      timeZone: 'UTC',
    });
    expect(aiSettingsOf({ ai_config: 'not json' }).payMode).toBe(0);
  });
});
