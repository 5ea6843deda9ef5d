/**
 * The database goes away and comes back (a restart, a failover) while the server runs: requests
 * during the outage answer at once with 503 P5030 "temporarily unavailable" — not a hang, not a
 * data error — /api/ready says the database is down, and once it is back the same process serves
 * again without a restart. The server reaches PostgreSQL / MySQL through a relay the test cuts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { isDatabaseUnavailable } from '../../server/db/unavailable';
import { startTestApp, type TestApp } from '../helpers/app';
import { createTestDatabase, testDatabases, type TestDatabase } from '../helpers/databases';
import { startTcpCut, viaRelay, type TcpCut } from '../helpers/tcp-cut';

const LIST = '/api/common/customer/list';

describe('isDatabaseUnavailable', () => {
  it('recognises connection failures of every driver, and nothing else', () => {
    expect(isDatabaseUnavailable(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe(
      true,
    );
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('terminating connection'), { code: '57P01' }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('lost'), { code: 'PROTOCOL_CONNECTION_LOST' }))).toBe(true);
    expect(isDatabaseUnavailable(new Error('wrapped', { cause: { code: 'ECONNRESET' } }))).toBe(true);
    expect(isDatabaseUnavailable(Object.assign(new Error('duplicate key'), { code: '23505' }))).toBe(false);
    expect(isDatabaseUnavailable(Object.assign(new Error('syntax'), { code: 'ER_PARSE_ERROR' }))).toBe(false);
    expect(isDatabaseUnavailable(undefined)).toBe(false);
  });
});

for (const name of testDatabases().filter((n) => n !== 'sqlite')) {
  describe(`[${name}] database outage`, () => {
    let database: TestDatabase;
    let relay: TcpCut;
    let t: TestApp;
    let token: string;

    beforeAll(async () => {
      database = await createTestDatabase(name);
      const target = new URL(database.url);
      relay = await startTcpCut({ host: target.hostname, port: Number(target.port) });
      t = await startTestApp({ ...database, url: viaRelay(database.url, relay.port) });
      token = await t.signIn();
    });
    afterAll(async () => {
      await relay?.restore().catch(() => {});
      await t?.close();
      await relay?.close();
      await database?.drop();
    });

    it('answers 503 P5030 during the outage, says not ready, and serves again once the database is back', async () => {
      const list = () => t.request({ url: LIST, token, body: { isPage: true, pageSize: 5 }, lang: 'en' });
      expect((await list()).body.code).toBe(ResultCode.SUCCESS);

      await relay.cut();
      const during = await list();
      expect(during.status).toBe(503);
      expect(during.body).toMatchObject({
        code: ResultCode.UNAVAILABLE,
        message: 'The service is temporarily unavailable, please try again shortly',
      });
      const ready = await t.request({ url: '/api/ready' });
      expect(ready.status).toBe(503);
      expect(ready.body.data).toMatchObject({ database: 'down' });

      await relay.restore();
      const after = await list();
      expect(after.body.code).toBe(ResultCode.SUCCESS);
      expect(after.body.data.list).toHaveLength(5);
      expect((await t.request({ url: '/api/ready' })).status).toBe(200);
    });
  });
}
