/**
 * Replay protection survives restarts and is shared (issue 21): seen nonces live in the database.
 * An attacker captures a sealed create and sends it again — to the same server, to a second
 * instance on the same database, and to a server restarted on it — and each time it is refused
 * and no second row appears.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type Db } from '../../server/db/create-db';
import { moduleTableName } from '../../server/modules/columns';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

interface Captured {
  method: 'POST';
  url: string;
  headers: Record<string, string>;
  payload: string;
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let envelope: ClientEnvelope;
  const extra: { app: FastifyInstance; db: Db }[] = [];

  /** Another server process on the same database: its own connection, caches and memory. */
  async function anotherServer(env: Record<string, string> = {}): Promise<FastifyInstance> {
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      DATABASE_URL: database.url,
      TESSERA_TEST_CAPTCHA: TEST_CAPTCHA,
      ...env,
    });
    const db = createDb(config.databaseUrl);
    const app = await buildApp({ config, db, now: () => t.clock.now, distDir: '.tmp/no-dist' });
    extra.push({ app, db });
    return app;
  }

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { encrypt: true });
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    envelope = new ClientEnvelope(info.public_key, { now: () => t.clock.now });
  });
  afterAll(async () => {
    for (const { app, db } of extra) {
      await app.close();
      await db.destroy();
    }
    await t?.close();
    await database?.drop();
  });

  function seal(method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>, token?: string) {
    const sealed = envelope.seal({ method, path, body, query, token });
    const headers: Record<string, string> = { 'x-sec-identity-id': t.demoAppId, ...sealed.headers };
    if (sealed.body) headers['content-type'] = 'application/json';
    const search = sealed.query ? `?${new URLSearchParams(sealed.query)}` : '';
    return {
      sealed,
      request: { method, url: `${path}${search}`, headers, payload: sealed.body ? JSON.stringify(sealed.body) : '' },
    };
  }

  async function send(app: FastifyInstance, request: Captured | ReturnType<typeof seal>['request'], ctx?: unknown) {
    const response = await app.inject(request as never);
    if (response.statusCode !== 200 || !ctx) return { status: response.statusCode, body: response.json() };
    return { status: 200, body: envelope.open(response.headers, response.json(), ctx as never, 200) as any };
  }

  async function signIn(app: FastifyInstance): Promise<string> {
    const code = seal('GET', '/api/auth/getPicCode', undefined, { identify: 'demo' });
    const codeKey = (await send(app, code.request, code.sealed.ctx)).body.data.codeKey;
    const login = seal('POST', '/api/auth/login', { identify: 'demo', ...ADMIN, codeKey, code: TEST_CAPTCHA });
    const reply = await send(app, login.request, login.sealed.ctx);
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    return reply.body.data.token;
  }

  const rowsNamed = async (name: string) =>
    (
      await t.db.db
        .selectFrom(moduleTableName('demo', 'customer'))
        .select('id')
        .where('name', '=', name)
        .where('is_deleted', '=', 0)
        .execute()
    ).length;

  describe('a captured sealed create', () => {
    it('is refused when replayed to the same server, a second instance, and a restarted server', async () => {
      const token = await signIn(t.app);
      const name = `replay-${Date.now()}`;
      const body = { name, mobile: '13000000000', level: 'normal', industry: 'retail', credit_limit: 1, signed_at: 0 };
      const create = seal('POST', '/api/common/customer', body, undefined, token);
      const captured = create.request as Captured;
      const first = await send(t.app, captured, create.sealed.ctx);
      expect(first.body.code).toBe(ResultCode.SUCCESS);
      expect(await rowsNamed(name)).toBe(1);

      const refused = { code: ResultCode.BAD_REQUEST };
      // The same server.
      expect((await send(t.app, captured)).body).toMatchObject(refused);
      // A second instance sharing the database (its memory has never seen the nonce).
      const second = await anotherServer();
      expect((await send(second, captured)).body).toMatchObject(refused);
      // The first server restarts: a new process on the same database.
      await t.app.close();
      const restarted = await anotherServer();
      const replay = await send(restarted, captured);
      expect(replay.status).toBe(400);
      expect(replay.body).toMatchObject(refused);
      expect(await rowsNamed(name)).toBe(1);

      // A fresh request (new nonce) on the restarted server still works: only the replay is refused.
      const again = seal('POST', '/api/common/customer', { ...body, name: `${name}-2` }, undefined, token);
      expect((await send(restarted, again.request, again.sealed.ctx)).body.code).toBe(ResultCode.SUCCESS);
    });

    it('seen nonces expire with the timestamp window and are pruned', async () => {
      const table = 'tessera_sys_envelope_nonce';
      const count = async () =>
        Number(
          (
            await t.db.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      expect(await count()).toBeGreaterThan(0);
      // Past the window: a replay would fail its timestamp check; the next request prunes the rows.
      t.clock.now += 6 * 60_000;
      const server = extra.at(-1)!.app;
      const code = seal('GET', '/api/auth/getPicCode', undefined, { identify: 'demo' });
      expect((await send(server, code.request, code.sealed.ctx)).body.code).toBe(ResultCode.SUCCESS);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(await count()).toBe(1);
    });
  });
  describe('with REDIS_URL set', () => {
    it('keeps seen nonces in Redis, shared by every instance, and refuses the replay there', async () => {
      const redis = { REDIS_URL: process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379' };
      const first = await anotherServer(redis);
      const second = await anotherServer(redis);
      const token = await signIn(first);
      const name = `replay-redis-${Date.now()}`;
      const body = { name, mobile: '13000000001', level: 'normal', industry: 'retail', credit_limit: 1, signed_at: 0 };
      const table = 'tessera_sys_envelope_nonce';
      const before = (await t.db.db.selectFrom(table).select('nonce').execute()).length;
      const create = seal('POST', '/api/common/customer', body, undefined, token);
      expect((await send(first, create.request, create.sealed.ctx)).body.code).toBe(ResultCode.SUCCESS);
      expect((await send(second, create.request)).body).toMatchObject({ code: ResultCode.BAD_REQUEST });
      expect((await send(first, create.request)).body).toMatchObject({ code: ResultCode.BAD_REQUEST });
      expect(await rowsNamed(name)).toBe(1);
      // The database table was not the store: Redis was.
      expect((await t.db.db.selectFrom(table).select('nonce').execute()).length).toBe(before);
    });
  });
});
