/**
 * Sign-in throttling, the rest of issue 21 item 3 (server/auth/throttle.ts), as an attacker tries
 * it: a device cookie that fails too often stops being trusted (a stolen cookie does not buy
 * unlimited guesses); SMS codes guessed for one mobile from many addresses meet the same growing
 * delay, and one address guessing codes for many mobiles is refused; every lock and unlock is logged
 * (the pino lines are captured and asserted).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { THROTTLE } from '../../server/auth/throttle';
import { TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PASSWORD = 'Secret#2026';

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let lines: LogLine[] = [];
  let ipCounter = 0;
  const freshIp = () => `10.66.${Math.floor(++ipCounter / 250)}.${(ipCounter % 250) + 1}`;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, {
      env: { LOG_LEVEL: 'warn' },
      logStream: { write: (line) => lines.push(JSON.parse(line) as LogLine) },
    });
    await t.addUser('device-owner', PASSWORD, 'user');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const logged = (msg: string) => lines.filter((line) => line.msg === msg);

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

  describe('a device cookie that fails too often', () => {
    it('stops being trusted; the lock, the delay and the unlock are logged', async () => {
      lines = [];
      const first = await login('device-owner', PASSWORD);
      expect(first.body.code).toBe(ResultCode.SUCCESS);
      const cookie = first.cookie!;
      // Someone else's guesses from many addresses: the owner's device is not slowed by them.
      for (let i = 0; i < THROTTLE.accountFree; i++) {
        t.clock.now += 10_000;
        expect((await login('device-owner', `wrong-${i}`)).body.code).toBe(ResultCode.AUTH_FAILED);
      }
      expect(logged('sign-in throttle: account delayed')).toHaveLength(1);
      expect(JSON.stringify(lines)).not.toContain('device-owner');
      // Guesses made with the cookie (stolen, say): trusted, so not delayed, until deviceMax.
      for (let i = 0; i < THROTTLE.deviceMax; i++) {
        const guess = await login('device-owner', `cookie-guess-${i}`, freshIp(), cookie);
        expect(guess.body.code).toBe(ResultCode.AUTH_FAILED);
      }
      expect(logged('sign-in throttle: device cookie locked')).toHaveLength(1);
      // Now the cookie is worth nothing: the account's delay applies to it like to anyone.
      const refused = await login('device-owner', PASSWORD, freshIp(), cookie);
      expect(refused.body.code).toBe(ResultCode.RATE_LIMITED);
      expect(refused.body.message).toMatch(/^登录失败次数过多，请 \d+ 秒后再试$/);
      // After the wait the owner gets in (with a new cookie, trusted again); the unlock is logged.
      t.clock.now += THROTTLE.accountMaxDelayMs;
      const owner = await login('device-owner', PASSWORD, freshIp(), cookie);
      expect(owner.body.code).toBe(ResultCode.SUCCESS);
      expect(owner.cookie).toBeDefined();
      expect(owner.cookie).not.toBe(cookie);
      expect(logged('sign-in throttle: account unlocked')).toHaveLength(1);
      for (const line of lines.filter((l) => /throttle/.test(l.msg))) expect(line.level).toBe(40);
    });
  });

  describe('SMS-code sign-in', () => {
    const smsLogin = (mobile: string, code: string, ip = freshIp()) =>
      t.request({ url: '/api/auth/smsLogin', ip, body: { identify: 'demo', mobile, code } });

    it('code guesses for one mobile spread over many addresses meet a growing delay', async () => {
      lines = [];
      const mobile = '13700000001';
      for (let i = 0; i < THROTTLE.accountFree; i++) {
        t.clock.now += 10_000;
        expect((await smsLogin(mobile, String(100000 + i))).body.code).toBe(ResultCode.AUTH_FAILED);
      }
      expect((await smsLogin(mobile, '123456')).body).toEqual({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，请 1 秒后再试',
        data: null,
      });
      // After the wait the next guess is checked (and wrong), not merely slowed.
      t.clock.now += 1_001;
      expect((await smsLogin(mobile, '654321')).body.code).toBe(ResultCode.AUTH_FAILED);
      // Another mobile is not affected.
      expect((await smsLogin('13700000002', '654321')).body.code).toBe(ResultCode.AUTH_FAILED);
      expect(logged('sign-in throttle: account delayed')).toHaveLength(1);
      expect(JSON.stringify(lines)).not.toContain(mobile);
    });

    it('one address guessing codes for many mobiles is refused; the lock is logged', async () => {
      lines = [];
      const ip = '10.99.0.1';
      for (let i = 0; i < THROTTLE.addressMax; i++) {
        t.clock.now += 1;
        const mobile = `1360000${String(i).padStart(4, '0')}`;
        expect((await smsLogin(mobile, '111111', ip)).body.code).toBe(ResultCode.AUTH_FAILED);
      }
      expect((await smsLogin('13611112222', '111111', ip)).body).toMatchObject({
        code: ResultCode.RATE_LIMITED,
        message: '登录失败次数过多，请 15 分钟后再试',
      });
      expect((await smsLogin('13611112222', '111111', '10.99.0.2')).body.code).toBe(ResultCode.AUTH_FAILED);
      expect(logged('sign-in throttle: address locked')).toEqual([expect.objectContaining({ ip })]);
    });
  });
});
