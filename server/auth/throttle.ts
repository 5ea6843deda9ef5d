/**
 * Sign-in throttling beyond the account+address pair (OWASP authentication cheat sheet; issue 21):
 *
 * - per account, across addresses: from ACCOUNT_FREE failures on, each further attempt must wait a
 *   delay that doubles per failure (1 s, 2 s, 4 s … capped at ACCOUNT_MAX_DELAY_MS) after the last
 *   failure. A delay, not a lock: an attacker cannot shut the owner out, only slow guessing down.
 * - per address, across accounts: ADDRESS_MAX failures refuse that address for the window.
 * - global: GLOBAL_MAX failures across the server refuse every untrusted sign-in for the window.
 * - a device that signed in to the account before carries a device cookie (HMAC under a key derived
 *   from the app's private key) and skips these three checks for that account, so someone else's
 *   failures never block the owner's known device. The pair lock (rate-limit.ts) still applies.
 *
 * Every lock (a threshold crossed) and unlock (a success clearing an account's count) is logged.
 * Settings are constants here for now (the system settings page is another issue).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../db/ids';
import { ApiError } from '../errors';
import { sha256 } from './tokens';
import { WINDOW_MS } from './rate-limit';

export const THROTTLE = {
  windowMs: WINDOW_MS,
  accountFree: 10,
  accountBaseDelayMs: 1_000,
  accountMaxDelayMs: 5 * 60_000,
  addressMax: 30,
  globalMax: 1_000,
  deviceCookie: 'tessera_device',
  deviceTtlMs: 90 * 24 * 3600_000,
} as const;

const accountKey = (appId: string, account: string) => sha256(`account\n${appId}\n${account.trim().toLowerCase()}`);
const addressKey = (ip: string) => sha256(`address\n${ip}`);
const GLOBAL_KEY = sha256('global');

export class SignInThrottle {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly now: () => number,
  ) {}

  private async failures(key: string): Promise<{ n: number; last: number }> {
    const row = await this.db
      .selectFrom(this.table)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('last')])
      .where('key_hash', '=', key)
      .where('created_at', '>', this.now() - THROTTLE.windowMs)
      .executeTakeFirst();
    return { n: Number(row?.n ?? 0), last: Number(row?.last ?? 0) };
  }

  /** The refusal for an untrusted attempt, or undefined to go on. Same answers for unknown accounts. */
  async check(appId: string, account: string, ip: string): Promise<ApiError | undefined> {
    if ((await this.failures(GLOBAL_KEY)).n >= THROTTLE.globalMax)
      return new ApiError(ResultCode.RATE_LIMITED, 'server.auth.busy');
    if ((await this.failures(addressKey(ip))).n >= THROTTLE.addressMax)
      return new ApiError(ResultCode.RATE_LIMITED, 'server.auth.tooManyAttempts');
    const { n, last } = await this.failures(accountKey(appId, account));
    if (n < THROTTLE.accountFree) return undefined;
    const delay = Math.min(THROTTLE.accountBaseDelayMs * 2 ** (n - THROTTLE.accountFree), THROTTLE.accountMaxDelayMs);
    const wait = last + delay - this.now();
    if (wait <= 0) return undefined;
    return new ApiError(ResultCode.RATE_LIMITED, 'server.auth.slowDown', { seconds: Math.ceil(wait / 1000) });
  }

  async recordFailure(appId: string, account: string, ip: string, log: FastifyBaseLogger): Promise<void> {
    const now = this.now();
    const keys = [accountKey(appId, account), addressKey(ip), GLOBAL_KEY];
    await this.db
      .insertInto(this.table)
      .values(keys.map((key_hash) => ({ id: newId(), key_hash, created_at: now })))
      .execute();
    const [byAccount, byAddress, global] = await Promise.all(keys.map((key) => this.failures(key)));
    // Logged when a threshold is crossed (not on every later failure). Accounts are logged hashed.
    if (byAccount!.n === THROTTLE.accountFree)
      log.warn({ appId, accountHash: keys[0]!.slice(0, 16) }, 'sign-in throttle: account delayed');
    if (byAddress!.n === THROTTLE.addressMax) log.warn({ ip }, 'sign-in throttle: address locked');
    if (global!.n === THROTTLE.globalMax) log.warn('sign-in throttle: global limit reached');
  }

  /** A successful sign-in clears the account's count (the address and global counts stay). */
  async recordSuccess(appId: string, account: string, log: FastifyBaseLogger): Promise<void> {
    const key = accountKey(appId, account);
    const { n } = await this.failures(key);
    await this.db.deleteFrom(this.table).where('key_hash', '=', key).execute();
    if (n >= THROTTLE.accountFree)
      log.warn({ appId, accountHash: key.slice(0, 16) }, 'sign-in throttle: account unlocked');
  }
}

/** Device cookies: `<userId>.<issuedAt>.<hmac>`, the HMAC keyed by the app's private key. */
function deviceMac(privateKey: string, appId: string, userId: string, issuedAt: number): string {
  const key = createHmac('sha256', 'tessera device cookie').update(privateKey).digest();
  return createHmac('sha256', key).update(`${appId}\n${userId}\n${issuedAt}`).digest('base64url');
}

function cookieValue(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (typeof header !== 'string') return undefined;
  for (const part of header.split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === name) return v.join('=');
  }
  return undefined;
}

/** Whether the request carries a valid device cookie of this user of this app. */
export function isKnownDevice(
  request: FastifyRequest,
  app: { id: string; private_key: string | null },
  userId: string,
  now: number,
): boolean {
  const value = cookieValue(request, THROTTLE.deviceCookie);
  if (!value || !app.private_key || value.length > 200) return false;
  const [id, issued, mac] = value.split('.');
  const issuedAt = Number(issued);
  if (id !== userId || !mac || !Number.isSafeInteger(issuedAt) || now - issuedAt > THROTTLE.deviceTtlMs) return false;
  const expected = Buffer.from(deviceMac(app.private_key, app.id, userId, issuedAt));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Issues (or renews) the device cookie after a successful sign-in: HttpOnly, same-site, auth paths only. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  app: { id: string; private_key: string | null },
  userId: string,
  now: number,
): void {
  if (!app.private_key) return;
  const value = `${userId}.${now}.${deviceMac(app.private_key, app.id, userId, now)}`;
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${THROTTLE.deviceCookie}=${value}; Path=/api/auth; Max-Age=${THROTTLE.deviceTtlMs / 1000}; HttpOnly; SameSite=Strict${secure}`,
  );
}
