/**
 * Request limits shared by instances (issue 20 item 1): with REDIS_URL set, two servers count one
 * caller together in Redis (@fastify/rate-limit's Redis store), so spreading requests over the
 * instances behind a balancer does not multiply the limit.
 */
import { randomInt } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { RATE_LIMITS } from '../../server/rate-limits';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const REDIS_URL = 'redis://127.0.0.1:6379';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    database = await makeDatabase();
    a = await startTestApp(database, { env: { REDIS_URL } });
    b = await startTestApp(database, { env: { REDIS_URL } });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('SMS sends from one address alternating between two instances hit one limit', async () => {
    // An address of its own per run: Redis outlives the test, and other suites share it.
    const ip = `10.${randomInt(200)}.${randomInt(250)}.${randomInt(250)}`;
    const send = {
      url: '/api/auth/sendSmsCode',
      body: { identify: 'no_such_app', mobile: '13800000000', scene: 'login' },
      ip,
    };
    const { max } = RATE_LIMITS.smsSend;
    for (let i = 0; i < max; i++) {
      const reply = await (i % 2 ? b : a).request(send);
      expect(reply.body.code).toBe(ResultCode.APP_NOT_FOUND);
    }
    const overA = await a.request(send);
    const overB = await b.request(send);
    expect([overA.status, overB.status]).toEqual([429, 429]);
    expect(overB.body.code).toBe(ResultCode.RATE_LIMITED);
  });
});
