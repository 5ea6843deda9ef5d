/**
 * Cron expressions through croner: parsed, checked and explained as their next run times. A task an
 * admin writes may fire at most once a minute (MIN_INTERVAL_MS): an every-second pattern is refused
 * rather than left to hammer the database and the upstreams it calls.
 */
import { Cron } from 'croner';

export const MIN_INTERVAL_MS = 60_000;

export type CronCheck =
  { ok: true; next: Date[] } | { ok: false; reason: 'invalid' | 'tooFrequent' | 'timezone' | 'never'; detail?: string };

function validZone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

/** Checks a pattern in a time zone; on success gives its next `count` run times after `from`. */
export function checkCron(pattern: string, timezone: string, from: Date, count = 5): CronCheck {
  if (!validZone(timezone)) return { ok: false, reason: 'timezone', detail: timezone };
  let cron: Cron;
  try {
    cron = new Cron(pattern, { timezone, paused: true });
  } catch (error) {
    return { ok: false, reason: 'invalid', detail: (error as Error).message };
  }
  const next = cron.nextRuns(Math.max(count, 3), from);
  cron.stop();
  if (next.length === 0) return { ok: false, reason: 'never' };
  for (let i = 1; i < next.length; i++) {
    if (next[i]!.getTime() - next[i - 1]!.getTime() < MIN_INTERVAL_MS) return { ok: false, reason: 'tooFrequent' };
  }
  return { ok: true, next: next.slice(0, count) };
}

/** The latest scheduled time at or before `at` (for the missed-run policy), or undefined. */
export function previousTick(pattern: string, timezone: string, at: Date): number | undefined {
  const cron = new Cron(pattern, { timezone, paused: true });
  const [previous] = cron.previousRuns(1, at);
  cron.stop();
  return previous?.getTime();
}
