/**
 * The app's AI settings (the ai/config page, docs/ai.md "Quota, pay mode and recharge"), kept in the
 * app row's ai_config JSON (spec platform-shell §3: enabled, showInNavBar, payMode) with this
 * page's keys beside them. Every signed-in user reads that JSON (the top bar's buttons follow it),
 * so nothing secret goes in it: the payment gateway's key lives in ai_pay_config.
 */
import type { AppRow } from '../platform/apps';

/**
 * Pay modes. 0: free — calls are counted against the daily quota and their cost is recorded in the
 * usage list, nothing is taken from anyone. 3: pay per use — each call needs a balance of at least
 * its estimated cost and is charged its real cost; the top bar shows the recharge entry.
 * (The app page accepts 0–9 as it always did; any mode but 3 is treated as free.)
 */
export const PAY_MODE_FREE = 0;
export const PAY_MODE_PER_USE = 3;
export const PAY_MODES = [PAY_MODE_FREE, PAY_MODE_PER_USE] as const;

export type AiFeature = 'chat' | 'draw' | 'generator';
export const AI_FEATURES: readonly AiFeature[] = ['chat', 'draw', 'generator'];

export interface AiSettings {
  /** The master switch of the top bar's AI buttons and the AI-app tip. */
  enabled: boolean;
  showInNavBar: boolean;
  /** Each feature on unless switched off: a call of a feature that is off is refused. */
  chat: boolean;
  draw: boolean;
  generator: boolean;
  payMode: number;
  /** AI calls a user may start per day (the app's calendar day); 0: no limit. */
  dailyQuota: number;
  /** The IANA zone the quota's day is counted in. */
  timeZone: string;
  /** What one delivered image of the image studio costs, in thousandths of the unit (厘); 0: free. */
  drawPrice: number;
}

/** The highest drawPrice the page and the app page accept (100.000 of the unit an image). */
export const DRAW_PRICE_MAX = 100_000;

/** The server's own zone: the default when the admin has not chosen one. */
export const serverZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

function objectOf(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const on = (value: unknown, fallback: boolean) =>
  value === undefined || value === null ? fallback : value === true || value === 1 || value === '1';

export function rawAiConfig(app: Pick<AppRow, 'ai_config'>): Record<string, unknown> {
  return objectOf(app.ai_config);
}

export function aiSettingsOf(app: Pick<AppRow, 'ai_config'>): AiSettings {
  const raw = rawAiConfig(app);
  const quota = Number(raw.dailyQuota ?? 0);
  const drawPrice = Number(raw.drawPrice ?? 0);
  return {
    enabled: on(raw.enabled, false),
    showInNavBar: on(raw.showInNavBar, false),
    chat: on(raw.chat, true),
    draw: on(raw.draw, true),
    generator: on(raw.generator, true),
    payMode: Number(raw.payMode ?? 0) || 0,
    dailyQuota: Number.isInteger(quota) && quota > 0 ? quota : 0,
    timeZone: typeof raw.timeZone === 'string' && raw.timeZone ? raw.timeZone : serverZone(),
    drawPrice: Number.isInteger(drawPrice) && drawPrice > 0 && drawPrice <= DRAW_PRICE_MAX ? drawPrice : 0,
  };
}

/** The calendar day (YYYY-MM-DD) of `ms` in `timeZone`: the quota's unit. */
export function dayIn(timeZone: string, ms: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(new Date(ms));
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${part('year')}-${part('month')}-${part('day')}`;
}
