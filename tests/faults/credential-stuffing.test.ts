/**
 * Credential stuffing as a fault: lists of account/password pairs thrown at the sign-in route over
 * real sockets, in concurrent bursts, from one client address and from many. Many addresses are
 * real ones, not headers: the server listens on 127.0.0.1 and each client binds its socket to its
 * own loopback address (127.0.0.2, 127.0.0.3 … — Linux routes all of 127/8 to lo), so request.ip
 * is the socket's peer, as it is without TRUST_PROXY.
 *
 * What must hold (docs/security.md, server/auth/throttle.ts): the limits count attempts that are
 * still in flight — a burst of N concurrent guesses is not N guesses past a limit of 5 —, every
 * attempt carries a picture code, unknown accounts and wrong passwords get the same answer, and
 * the sign-in log has a row for every attempt with its refusal.
 */
import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { THROTTLE } from '../../server/auth/throttle';
import { MAX_FAILURES } from '../../server/auth/rate-limit';
import { TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Owner#2026';

interface Answer {
  status: number;
  code: string;
  message: string;
}

/** One JSON POST/GET over a socket bound to `from`. */
function call(
  origin: string,
  from: string,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer & { data: any }> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = httpRequest(
      `${origin}${path}`,
      {
        method,
        localAddress: from,
        agent: false,
        headers: { 'x-lang': 'en', ...(payload ? { 'content-type': 'application/json' } : {}) },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          try {
            const json = JSON.parse(text);
            resolve({ status: res.statusCode ?? 0, code: json.code, message: json.message, data: json.data });
          } catch (error) {
            reject(new Error(`not JSON (${res.statusCode}): ${text.slice(0, 200)}`, { cause: error }));
          }
        });
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let origin = '';

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    for (const account of ['alice', 'bob', 'carol', 'dave', 'victim']) await t.addUser(account, PASSWORD, 'user');
    await t.app.listen({ host: '127.0.0.1', port: 0 });
    origin = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** A stuffing attempt as a bot makes it: fetch a picture code, then post the pair with it. */
  async function attempt(from: string, account: string, password: string, withCode = true): Promise<Answer> {
    const pic = await call(origin, from, 'GET', '/api/auth/getPicCode?identify=demo');
    const body = withCode
      ? { identify: 'demo', account, password, codeKey: pic.data.codeKey, code: TEST_CAPTCHA }
      : { identify: 'demo', account, password };
    const { status, code, message } = await call(origin, from, 'POST', '/api/auth/login', body);
    return { status, code, message };
  }

  async function signInLog(ip: string) {
    return t.db.db
      .selectFrom(t.tables.signin_log)
      .select(['account', 'success', 'reason', 'ip'])
      .where('ip', '=', ip)
      .execute();
  }

  const count = (answers: Answer[], code: string) => answers.filter((a) => a.code === code).length;

  it('no picture code, no guess: a bot that skips it is refused before any password check', async () => {
    const answer = await attempt('127.0.0.2', 'alice', 'guess-1', false);
    expect(answer).toMatchObject({
      code: ResultCode.AUTH_FAILED,
      message: 'The picture code is wrong or has expired, please try again',
    });
    expect(await signInLog('127.0.0.2')).toEqual([
      { account: 'alice', success: 0, reason: 'server.auth.captchaWrong', ip: '127.0.0.2' },
    ]);
  });

  it('one client, many accounts in concurrent bursts: the address is refused at its limit, not past it', async () => {
    const from = '127.0.0.3';
    const accounts = ['alice', 'bob', 'carol', 'nobody', 'ghost', 'mallory'];
    const pairs = Array.from({ length: 60 }, (_, i) => [accounts[i % accounts.length]!, `leaked-${i}`] as const);
    const answers: Answer[] = [];
    // Bursts of 15 at once: every request of a burst arrives before any has finished hashing.
    for (let i = 0; i < pairs.length; i += 15) {
      answers.push(...(await Promise.all(pairs.slice(i, i + 15).map(([a, p]) => attempt(from, a, p)))));
    }
    const failed = count(answers, ResultCode.AUTH_FAILED);
    const limited = count(answers, ResultCode.RATE_LIMITED);
    // Each account alone stays under its own pair limit (10 tries each), so only the address limit
    // stops this: no more password checks than it allows, however the requests interleave.
    expect(failed + limited).toBe(pairs.length);
    expect(failed).toBeLessThanOrEqual(THROTTLE.addressMax);
    expect(limited).toBeGreaterThanOrEqual(pairs.length - THROTTLE.addressMax);

    // No enumeration: a known account with a wrong password and an unknown account read the same.
    const known = answers.filter((a, i) => a.code === ResultCode.AUTH_FAILED && pairs[i]![0] === 'alice');
    const unknown = answers.filter((a, i) => a.code === ResultCode.AUTH_FAILED && pairs[i]![0] === 'ghost');
    expect(known.length).toBeGreaterThan(0);
    expect(unknown.length).toBeGreaterThan(0);
    expect(new Set([...known, ...unknown].map((a) => JSON.stringify(a))).size).toBe(1);
    expect(known[0]).toEqual({ status: 200, code: ResultCode.AUTH_FAILED, message: 'Wrong account or password' });

    // Another client is untouched, and the right password still works there.
    expect((await attempt('127.0.0.4', 'alice', PASSWORD)).code).toBe(ResultCode.SUCCESS);

    // The sign-in log: a row per attempt, with its refusal.
    const log = await signInLog(from);
    expect(log).toHaveLength(pairs.length);
    expect(log.filter((row) => row.reason === 'server.auth.failed')).toHaveLength(failed);
    expect(log.filter((row) => row.reason === 'server.auth.tooManyAttempts')).toHaveLength(limited);
    expect(log.every((row) => row.success === 0)).toBe(true);
  });

  it('one client, one account, a concurrent burst: the pair lock allows its 5 tries, not the whole burst', async () => {
    const from = '127.0.0.5';
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(from, 'dave', `burst-${i}`)));
    const checked = count(answers, ResultCode.AUTH_FAILED);
    expect(checked).toBeLessThanOrEqual(MAX_FAILURES);
    expect(count(answers, ResultCode.RATE_LIMITED)).toBe(20 - checked);
    // Contention can refuse more than needed (a refusal is not a failure): the guesses that follow
    // one by one get exactly the rest of the 5, never more.
    let more = 0;
    while ((await attempt(from, 'dave', `after-${more}`)).code === ResultCode.AUTH_FAILED) more++;
    expect(checked + more).toBe(MAX_FAILURES);
    // Locked for this client even with the right password; another client signs in.
    expect(await attempt(from, 'dave', PASSWORD)).toMatchObject({
      code: ResultCode.RATE_LIMITED,
      message: 'Too many failed sign-ins, please try again in 15 minutes',
    });
    expect((await attempt('127.0.0.6', 'dave', PASSWORD)).code).toBe(ResultCode.SUCCESS);
  });

  it('many clients, one account: after the free tries every guess meets the delay, however many addresses', async () => {
    const addresses = Array.from({ length: 40 }, (_, i) => `127.0.1.${i + 1}`);
    const answers = await Promise.all(addresses.map((from, i) => attempt(from, 'victim', `spray-${i}`)));
    const failed = count(answers, ResultCode.AUTH_FAILED);
    expect(failed).toBeLessThanOrEqual(THROTTLE.accountFree);
    const slowed = answers.filter((a) => a.code === ResultCode.RATE_LIMITED);
    expect(slowed.length).toBeGreaterThanOrEqual(addresses.length - THROTTLE.accountFree);
    expect(slowed[0]!.message).toMatch(/^Too many failed sign-ins, please try again in \d+ seconds$/);

    // An unknown account sprayed the same way is slowed the same way (no existence oracle).
    const ghost = await Promise.all(addresses.map((from, i) => attempt(from, 'no-such-user', `spray-${i}`)));
    expect(count(ghost, ResultCode.AUTH_FAILED)).toBeLessThanOrEqual(THROTTLE.accountFree);
    expect(count(ghost, ResultCode.RATE_LIMITED)).toBeGreaterThanOrEqual(addresses.length - THROTTLE.accountFree);
    const ghostSlowed = ghost.find((a) => a.code === ResultCode.RATE_LIMITED)!;
    expect(ghostSlowed.message).toMatch(/^Too many failed sign-ins, please try again in \d+ seconds$/);

    // The owner waits the delay out (the test's clock), then signs in from a new address.
    t.clock.now += THROTTLE.accountMaxDelayMs;
    expect((await attempt('127.0.2.1', 'victim', PASSWORD)).code).toBe(ResultCode.SUCCESS);
  });
});
