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
 *   A cookie with DEVICE_MAX failures in the window stops being trusted (a stolen cookie does not
 *   buy unlimited guesses); the next success issues a new one.
 * - SMS-code sign-in, registration and reset count wrong codes the same way: per mobile across
 *   addresses (the delay), and in the same address and global counts as passwords.
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
  deviceMax: 5,
  deviceCookie: 'tessera_device',
  deviceTtlMs: 90 * 24 * 3600_000,
} as const;

const accountKey = (appId: string, account: string) => sha256(`account\n${appId}\n${account.trim().toLowerCase()}`);
const addressKey = (ip: string) => sha256(`address\n${ip}`);
const GLOBAL_KEY = sha256('global');
/** One issued device cookie (its user and issue time), so its failures are its own. */
const deviceKey = (appId: string, userId: string, issuedAt: number) =>
  sha256(`device\n${appId}\n${userId}\n${issuedAt}`);
/** The SMS-code counterpart of an account: the mobile number, in its own key space. */
export const smsAccount = (mobile: string) => `sms:${mobile}`;

/** An admitted password attempt: its own rows (account, address, global), or why it was refused. */
export interface Admission {
  refusal?: ApiError;
  ids: string[];
}

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

  /**
   * The check before a password or code is verified, safe under concurrency: the attempt is written
   * (per account, address and server) before it is counted, so attempts still in flight count and a burst is
   * refused past each limit instead of all being checked (tests/faults/credential-stuffing.test.ts).
   * Admitted, the rows stay: `failed` keeps them as the failure, `succeeded` removes them. Refused,
   * they are removed and the refusal is returned (a refused attempt is not a failure, as before).
   */
  async admit(appId: string, account: string, ip: string): Promise<Admission> {
    const now = this.now();
    const keys = [accountKey(appId, account), addressKey(ip), GLOBAL_KEY] as const;
    const rows = keys.map((key_hash) => ({ id: newId(), key_hash, created_at: now }));
    await this.db.insertInto(this.table).values(rows).execute();
    const ids = rows.map((row) => row.id);
    const refusal = await this.refusalCounting(keys, ids[0]!);
    if (refusal) {
      await this.db.deleteFrom(this.table).where('id', 'in', ids).execute();
      return { refusal, ids: [] };
    }
    return { ids };
  }

  /** The refusal (global, address, account delay) with the caller's own rows already written; same answers for unknown accounts. */
  private async refusalCounting(keys: readonly [string, string, string], ownAccountRow: string) {
    const [account, address, global] = keys;
    if ((await this.failures(global)).n > THROTTLE.globalMax)
      return new ApiError(ResultCode.RATE_LIMITED, 'server.auth.busy');
    if ((await this.failures(address)).n > THROTTLE.addressMax)
      return new ApiError(ResultCode.RATE_LIMITED, 'server.auth.tooManyAttempts');
    // The account's earlier attempts: every row but this one (others in flight count as failures).
    const row = await this.db
      .selectFrom(this.table)
      .select((eb) => [eb.fn.countAll().as('n'), eb.fn.max('created_at').as('last')])
      .where('key_hash', '=', account)
      .where('id', '!=', ownAccountRow)
      .where('created_at', '>', this.now() - THROTTLE.windowMs)
      .executeTakeFirst();
    const n = Number(row?.n ?? 0);
    if (n < THROTTLE.accountFree) return undefined;
    const delay = Math.min(THROTTLE.accountBaseDelayMs * 2 ** (n - THROTTLE.accountFree), THROTTLE.accountMaxDelayMs);
    const wait = Number(row?.last ?? 0) + delay - this.now();
    if (wait <= 0) return undefined;
    return new ApiError(ResultCode.RATE_LIMITED, 'server.auth.slowDown', {
      seconds: Math.max(1, Math.ceil(wait / 1000)),
    });
  }

  /** An admitted attempt whose password was wrong: its rows are the failure; thresholds are logged. */
  async failed(appId: string, account: string, ip: string, log: FastifyBaseLogger): Promise<void> {
    const keys = [accountKey(appId, account), addressKey(ip), GLOBAL_KEY];
    await this.logThresholds(keys, appId, ip, log);
  }

  /** Takes back an admitted attempt that was not a wrong password (a success, a disabled user). */
  async release(admission: Admission): Promise<void> {
    if (admission.ids.length) await this.db.deleteFrom(this.table).where('id', 'in', admission.ids).execute();
  }

  private async logThresholds(keys: string[], appId: string, ip: string, log: FastifyBaseLogger): Promise<void> {
    const [byAccount, byAddress, global] = await Promise.all(keys.map((key) => this.failures(key)));
    // Logged when a threshold is crossed (not on every later failure). Accounts are logged hashed.
    if (byAccount!.n === THROTTLE.accountFree)
      log.warn({ appId, accountHash: keys[0]!.slice(0, 16) }, 'sign-in throttle: account delayed');
    if (byAddress!.n === THROTTLE.addressMax) log.warn({ ip }, 'sign-in throttle: address locked');
    if (global!.n === THROTTLE.globalMax) log.warn('sign-in throttle: global limit reached');
  }

  /** Whether a device cookie is still trusted: fewer than deviceMax failures in the window. */
  async deviceTrusted(device: string): Promise<boolean> {
    return (await this.failures(device)).n < THROTTLE.deviceMax;
  }

  /** A failed sign-in that came with a valid device cookie; the cookie is logged locked at deviceMax. */
  async recordDeviceFailure(device: string, appId: string, log: FastifyBaseLogger): Promise<void> {
    await this.db.insertInto(this.table).values({ id: newId(), key_hash: device, created_at: this.now() }).execute();
    if ((await this.failures(device)).n === THROTTLE.deviceMax)
      log.warn({ appId, deviceHash: device.slice(0, 16) }, 'sign-in throttle: device cookie locked');
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

/**
 * The device key (for SignInThrottle's device methods) of a valid device cookie of this user of
 * this app on the request, or undefined.
 */
export function knownDevice(
  request: FastifyRequest,
  app: { id: string; private_key: string | null },
  userId: string,
  now: number,
): string | undefined {
  const value = cookieValue(request, THROTTLE.deviceCookie);
  if (!value || !app.private_key || value.length > 200) return undefined;
  const [id, issued, mac] = value.split('.');
  const issuedAt = Number(issued);
  if (id !== userId || !mac || !Number.isSafeInteger(issuedAt) || now - issuedAt > THROTTLE.deviceTtlMs)
    return undefined;
  const expected = Buffer.from(deviceMac(app.private_key, app.id, userId, issuedAt));
  const given = Buffer.from(mac);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  return deviceKey(app.id, userId, issuedAt);
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
