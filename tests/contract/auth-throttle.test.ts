/**
 * Sign-in throttling (server/auth/throttle.ts) as an attacker tries it: guessing one account from
 * many addresses meets a growing delay, not a lock; the owner's known device (device cookie from an
 * earlier sign-in) is not slowed by those failures; one address guessing many accounts is refused;
 * a server-wide flood refuses untrusted sign-ins; a forged device cookie is worth nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { newId } from '../../server/db/ids';
import { sha256 } from '../../server/auth/tokens';
import { THROTTLE } from '../../server/auth/throttle';
import { TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Secret#2026';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let ipCounter = 0;
  const freshIp = () => `10.77.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    for (const account of ['victim', 'owner', 'third']) await t.addUser(account, PASSWORD, 'user');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  async function login(account: string, password: string, ip = freshIp(), cookie?: string) {
    const code = await t.request({ url: '/api/auth/getPicCode?identify=demo', ip });
    const reply = await t.request({
      url: '/api/auth/login',
      ip,
      body: { identify: 'demo', account, password, codeKey: code.body.data.codeKey, code: TEST_CAPTCHA },
      headers: cookie ? { cookie } : {},
    });
    const setCookie = reply.headers['set-cookie'];
    return { body: reply.body, cookie: typeof setCookie === 'string' ? setCookie.split(';')[0] : undefined };
  }
  const failTimes = async (account: string, n: number, ip?: () => string) => {
    for (let i = 0; i < n; i++) {
      // Past each delay (at most 8 s here): every guess is checked, none is merely slowed.
      t.clock.now += 10_000;
      expect((await login(account, `wrong-${i}`, ip?.())).body.code).toBe(ResultCode.AUTH_FAILED);
    }
  };

  describe('per account, across addresses', () => {
    it('delays with a doubling wait instead of locking; the right password gets in after the wait', async () => {
      await failTimes('victim', THROTTLE.accountFree);
      const slowed = await login('victim', PASSWORD);
      expect(slowed.body).toEqual({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，请 1 秒后再试',
        data: null,
      });
      t.clock.now += 1_001;
      expect((await login('victim', 'wrong-again')).body.code).toBe(ResultCode.AUTH_FAILED);
      expect((await login('victim', PASSWORD)).body.message).toBe('登录失败次数过多，请 2 秒后再试');
      t.clock.now += 2_001;
      const owner = await login('victim', PASSWORD);
      expect(owner.body.code).toBe(ResultCode.SUCCESS);
      // Success clears the account's count: no delay for the next sign-in.
      expect((await login('victim', PASSWORD)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('an unknown account is slowed exactly like a known one (no existence oracle)', async () => {
      await failTimes('nobody-here', THROTTLE.accountFree);
      expect((await login('nobody-here', 'x')).body).toEqual({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，请 1 秒后再试',
        data: null,
      });
    });
  });

  describe('known devices', () => {
    it('the owner’s device that signed in before is not blocked by someone else’s failures', async () => {
      const first = await login('owner', PASSWORD);
      expect(first.body.code).toBe(ResultCode.SUCCESS);
      expect(first.cookie).toMatch(new RegExp(`^${THROTTLE.deviceCookie}=`));
      await failTimes('owner', THROTTLE.accountFree + 3);
      expect((await login('owner', PASSWORD)).body.code).toBe(ResultCode.RATE_LIMITED);
      expect((await login('owner', PASSWORD, freshIp(), first.cookie)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('a forged, altered or other user’s device cookie does not help', async () => {
      const mine = await login('third', PASSWORD);
      await failTimes('owner', THROTTLE.accountFree);
      const [name, value] = mine.cookie!.split('=');
      const [userId, issued, mac] = value!.split('.');
      const ownerId = (
        await t.db.db.selectFrom(t.tables.user).select('id').where('account', '=', 'owner').executeTakeFirstOrThrow()
      ).id;
      for (const forged of [
        mine.cookie!, // third's own cookie used for owner
        `${name}=${ownerId}.${issued}.${mac}`, // owner's id with third's mac
        `${name}=${userId}.${Number(issued) + 1}.${mac}`,
        `${name}=${ownerId}.${issued}.${'A'.repeat(43)}`,
      ]) {
        expect((await login('owner', PASSWORD, freshIp(), forged)).body.code, forged).toBe(ResultCode.RATE_LIMITED);
      }
    });
  });

  describe('per address, across accounts', () => {
    it('refuses an address after many failures on different accounts; other addresses are fine', async () => {
      const ip = '10.88.0.1';
      for (let i = 0; i < THROTTLE.addressMax; i++) {
        t.clock.now += 1;
        expect((await login(`spray-${i}`, 'Password1', ip)).body.code).toBe(ResultCode.AUTH_FAILED);
      }
      expect((await login('third', PASSWORD, ip)).body).toMatchObject({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，请 15 分钟后再试',
      });
      expect((await login('third', PASSWORD, '10.88.0.2')).body.code).toBe(ResultCode.SUCCESS);
    });
  });

  describe('global', () => {
    it('a server-wide flood refuses untrusted sign-ins until it leaves the window', async () => {
      // The flood's earlier failures (as thousands of scrypt-checked requests would leave them).
      const now = t.clock.now;
      const seen = await t.db.db
        .selectFrom(t.tables.login_attempt)
        .select((eb) => eb.fn.countAll().as('n'))
        .where('key_hash', '=', sha256('global'))
        .where('created_at', '>', now - THROTTLE.windowMs)
        .executeTakeFirstOrThrow();
      const rows = Array.from({ length: THROTTLE.globalMax - 1 - Number(seen.n) }, () => ({
        id: newId(),
        key_hash: sha256('global'),
        created_at: now,
      }));
      for (let i = 0; i < rows.length; i += 200)
        await t.db.db
          .insertInto(t.tables.login_attempt)
          .values(rows.slice(i, i + 200))
          .execute();
      const device = await login('third', PASSWORD);
      expect(device.body.code).toBe(ResultCode.SUCCESS);
      expect((await login('someone', 'wrong')).body.code).toBe(ResultCode.AUTH_FAILED);
      expect((await login('third', PASSWORD)).body).toMatchObject({
        code: ResultCode.RATE_LIMITED,
        message: '登录请求过多，请稍后再试',
      });
      expect((await login('third', PASSWORD, freshIp(), device.cookie)).body.code).toBe(ResultCode.SUCCESS);
      t.clock.now += THROTTLE.windowMs + 1;
      expect((await login('third', PASSWORD)).body.code).toBe(ResultCode.SUCCESS);
    });
  });
});
