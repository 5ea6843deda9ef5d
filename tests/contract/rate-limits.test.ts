/**
 * Request limits (server/rate-limits.ts): SMS sends per address, uploads and exports per signed-in
 * user and app. The request past the limit answers HTTP 429 with P4029 in the caller's language,
 * and another user (or address) is not affected. Sign-in has its own throttle (auth-throttle tests).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { RATE_LIMITS } from '../../server/rate-limits';
import { startTestApp, type RequestOptions, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let plain: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    await t.addUser('operator', 'Operator#1', 'user');
    plain = await t.signIn('operator', 'Operator#1');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  /** Sends `max` requests (none limited), then one more, which must be refused. */
  async function exhaust(max: number, options: RequestOptions): Promise<void> {
    for (let i = 0; i < max; i++) {
      const reply = await t.request(options);
      expect(reply.status).not.toBe(429);
      expect(reply.body.code).not.toBe(ResultCode.RATE_LIMITED);
    }
    const over = await t.request({ ...options, lang: 'en' });
    expect(over.status).toBe(429);
    expect(over.body).toMatchObject({
      code: ResultCode.RATE_LIMITED,
      message: 'Too many attempts, please try again later',
    });
    expect(over.headers['retry-after']).toBeDefined();
    const zh = await t.request(options);
    expect(zh.body.message).toBe('操作过于频繁，请稍后再试');
  }

  describe('rate limits', () => {
    it('limits SMS sends per address', async () => {
      // A well-formed body for an app that does not exist: counted, but no code is stored or sent.
      // (A body the route schema refuses is answered before the limit's preHandler and not counted.)
      const send = {
        url: '/api/auth/sendSmsCode',
        body: { identify: 'no_such_app', mobile: '13800000000', scene: 'login' },
      };
      await exhaust(RATE_LIMITS.smsSend.max, { ...send, ip: '10.9.0.1' });
      const other = await t.request({ ...send, ip: '10.9.0.2' });
      expect(other.body.code).toBe(ResultCode.APP_NOT_FOUND);
    });

    it('limits uploads per user', async () => {
      // Not multipart: refused by the route after the limit has counted it.
      const upload = { url: '/api/files/upload', body: {} };
      await exhaust(RATE_LIMITS.upload.max, { ...upload, token: plain });
      const other = await t.request({ ...upload, token: admin });
      expect(other.body.code).toBe(ResultCode.BAD_REQUEST);
    });

    it('limits exports per user', async () => {
      const exportCall = { url: '/api/common/tessera_sys_dict/export', body: { exportFields: [] } };
      await exhaust(RATE_LIMITS.export.max, { ...exportCall, token: admin });
      const other = await t.request({ ...exportCall, token: plain });
      expect(other.status).not.toBe(429);
    });

    it('leaves sign-in to its own throttle', async () => {
      for (let i = 0; i < RATE_LIMITS.smsSend.max + 2; i++) {
        const reply = await t.request({ url: '/api/auth/getPicCode', ip: '10.9.0.3' });
        expect(reply.status).not.toBe(429);
      }
    });
  });
});
