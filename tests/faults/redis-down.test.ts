/**
 * Redis goes away while REDIS_URL is set (docs/operations.md "Faults"). Instance A reaches a real
 * Redis through a relay the test cuts; instance B, on the same database, reaches it directly.
 * While Redis is down, per feature:
 * - the event bus: A's events stay on A (its own caches and streams still hear them); A answers
 *   reads and writes as before;
 * - the envelope's replay store: a sealed request cannot have its nonce checked, so it is refused
 *   with 503 P5030 — never accepted (a replay could pass) and never a bare 500;
 * - the rate limits: counted in A's memory, so a limit still holds (per instance);
 * - /api/ready: 503 with `redis: down` (the balancer stops sending A traffic).
 * When Redis is back — no restart — A is ready, takes sealed requests again, and has dropped the
 * caches that missed B's events: a module B saved during the outage is served with its new column.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type Db } from '../../server/db/create-db';
import { RATE_LIMITS } from '../../server/rate-limits';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startTcpCut, type TcpCut } from '../helpers/tcp-cut';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NOTE_FIELD = { id: 'f_gap_note', key: 'gap_note', title: { zh: '断线备注', en: 'Gap note' }, type: 'input' };

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let relay: TcpCut;
  let a: TestApp;
  let b: { app: FastifyInstance; db: Db };
  let envelope: ClientEnvelope;
  let token = '';

  beforeAll(async () => {
    database = await makeDatabase();
    const redis = new URL(REDIS_URL);
    relay = await startTcpCut({ host: redis.hostname, port: Number(redis.port || 6379) });
    a = await startTestApp(database, { env: { REDIS_URL: viaRelayUrl(relay.port) } });
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      TESSERA_TEST_CAPTCHA: TEST_CAPTCHA,
      REDIS_URL,
    });
    const db = createDb(config.databaseUrl);
    b = { app: await buildApp({ config, db, now: () => a.clock.now, distDir: '.tmp/no-dist' }), db };
    const info = (await a.request({ url: '/api/app/demo' })).body.data;
    envelope = new ClientEnvelope(info.public_key, { now: () => a.clock.now });
    token = await a.signIn();
  });
  afterAll(async () => {
    await b?.app.close();
    await b?.db.destroy();
    await a?.close();
    await relay?.close();
    await database?.drop();
  });

  /** A sealed GET of the picture code, as the browser sends it (needs the replay store). */
  async function sealedPicCode() {
    const sealed = envelope.seal({ method: 'GET', path: '/api/auth/getPicCode', query: { identify: 'demo' } });
    const response = await a.app.inject({
      method: 'GET',
      url: `/api/auth/getPicCode?${new URLSearchParams(sealed.query!)}`,
      headers: { 'x-sec-identity-id': a.demoAppId, 'x-lang': 'en', ...sealed.headers },
    });
    const body = envelope.open(response.headers as never, response.json(), sealed.ctx, response.statusCode) as {
      code: string;
      message: string;
    };
    return { status: response.statusCode, code: body.code, message: body.message };
  }

  const ready = () => a.request({ url: '/api/ready' });
  const list = () => a.request({ url: '/api/common/customer/list', token, body: { isPage: true, pageSize: 3 } });

  async function until(check: () => Promise<boolean>, what: string) {
    for (let i = 0; i < 100; i++) {
      if (await check()) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`not within 10 s: ${what}`);
  }

  it('degrades to local where safe, refuses where not, says so in /api/ready, and recovers without a restart', async () => {
    expect((await ready()).body.data).toMatchObject({ redis: 'ok' });
    expect((await sealedPicCode()).code).toBe(ResultCode.SUCCESS);
    const moduleRow = await a.db.db
      .selectFrom(a.tables.module)
      .select('id')
      .where('table_name', '=', 'customer')
      .where('app_id', '=', a.demoAppId)
      .executeTakeFirstOrThrow();
    const moduleId = String(moduleRow.id);
    // A has the customer table cached before the outage.
    expect((await list()).body.code).toBe(ResultCode.SUCCESS);

    await relay.cut();

    // Ready says why A should get no traffic.
    await until(async () => (await ready()).status === 503, 'ready turns 503');
    expect((await ready()).body.data).toMatchObject({ status: 'not ready', database: 'ok', redis: 'down' });

    // Reads and writes go on; the event is delivered on A (publish to Redis fails, logged).
    expect((await list()).body.code).toBe(ResultCode.SUCCESS);
    const created = await a.request({
      url: '/api/common/customer',
      token,
      body: { name: 'Redis 断线时新建', level: 'vip' },
    });
    expect(created.body.code).toBe(ResultCode.SUCCESS);

    // A sealed request cannot have its nonce checked: refused, clearly, in the user's language.
    expect(await sealedPicCode()).toEqual({
      status: 503,
      code: ResultCode.UNAVAILABLE,
      message: 'The service is temporarily unavailable, please try again shortly',
    });

    // The export limit still holds, counted on A alone.
    const exports = [];
    for (let i = 0; i <= RATE_LIMITS.export.max; i++) {
      exports.push(await a.request({ url: '/api/common/customer/export', token, body: { groups: [] } }));
    }
    expect(exports.slice(0, -1).every((reply) => reply.status !== 429)).toBe(true);
    expect(exports.at(-1)).toMatchObject({ status: 429, body: { code: ResultCode.RATE_LIMITED } });

    // Meanwhile B saves the module: A cannot hear it.
    const before = await b.app.inject({
      method: 'GET',
      url: `/api/module/${moduleId}`,
      headers: { authorization: token },
    });
    const schema = structuredClone(before.json().data.schema);
    schema.body[0].fields.push(NOTE_FIELD);
    const saved = await b.app.inject({
      method: 'PUT',
      url: `/api/module/${moduleId}`,
      headers: { authorization: token },
      payload: { schema },
    });
    expect(saved.json().code).toBe(ResultCode.SUCCESS);

    await relay.restore();

    await until(async () => (await ready()).status === 200, 'ready again');
    expect((await ready()).body.data).toMatchObject({ status: 'ready', redis: 'ok' });
    expect((await sealedPicCode()).code).toBe(ResultCode.SUCCESS);
    // A dropped what the gap's events would have: the new column is written and read through A.
    const written = await a.request({
      url: '/api/common/customer',
      token,
      body: { name: 'Redis 恢复后新建', level: 'vip', gap_note: '断线期间加的字段' },
    });
    expect(written.body.code).toBe(ResultCode.SUCCESS);
    const row = await a.request({ url: `/api/common/customer/${written.body.data.id}`, token });
    expect(row.body.data.gap_note).toBe('断线期间加的字段');
  }, 60_000);

  it('a sign-out while Redis is down holds on the instance that did it', async () => {
    await relay.cut();
    const mine = await a.signIn(ADMIN.account, ADMIN.password);
    expect((await a.request({ url: '/api/auth/logout', token: mine, body: {} })).body.code).toBe(ResultCode.SUCCESS);
    expect((await a.request({ url: '/api/auth/userInfo', token: mine })).body.code).toBe(ResultCode.LOGOUT);
    await relay.restore();
  });

  it('an instance stopped while Redis is down shuts down (it used to wait forever for Redis)', async () => {
    const other = await startTestApp(database, { env: { REDIS_URL: viaRelayUrl(relay.port) } });
    await relay.cut();
    await until(async () => (await other.request({ url: '/api/ready' })).status === 503, 'other sees redis down');
    await other.close();
    await relay.restore();
  });
});

function viaRelayUrl(port: number): string {
  const url = new URL(REDIS_URL);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return url.toString();
}
