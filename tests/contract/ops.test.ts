/**
 * Operations routes (server/ops): readiness for a balancer, Prometheus metrics, request ids on
 * every answer, and the OpenAPI document for admins.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TOKEN = 'scrape-token-0123456789abcdef';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  describe('GET /api/ready', () => {
    it('is ready when the database answers and every migration has run (Redis off: no REDIS_URL)', async () => {
      const reply = await t.request({ url: '/api/ready' });
      expect(reply.status).toBe(200);
      expect(reply.body.data).toEqual({ status: 'ready', database: 'ok', redis: 'off', migrations: 'ok' });
    });

    it('answers 503 P5030 naming the check while a migration has not run, and ready again after', async () => {
      const table = `${t.app.tessera.config.tablePrefix}migration`;
      const last = await t.db.db
        .selectFrom(table)
        .selectAll()
        .orderBy('name', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      await t.db.db.deleteFrom(table).where('name', '=', last.name).execute();
      try {
        const reply = await t.request({ url: '/api/ready', lang: 'en' });
        expect(reply.status).toBe(503);
        expect(reply.body.code).toBe('P5030');
        expect(reply.body.message).toBe('The service is temporarily unavailable, please try again shortly');
        expect(reply.body.data).toMatchObject({ status: 'not ready', database: 'ok', migrations: 'pending' });
      } finally {
        await t.db.db.insertInto(table).values(last).execute();
      }
      expect((await t.request({ url: '/api/ready' })).status).toBe(200);
    });

    it('needs no session and takes no query', async () => {
      const reply = await t.request({ url: '/api/ready?probe=1' });
      expect(reply.body.code).toBe('P4000');
    });
  });

  describe('request ids', () => {
    it('every answer carries x-request-id, a fresh UUID per request', async () => {
      const a = await t.request({ url: '/api/health' });
      const b = await t.request({ url: '/api/nope' });
      expect(a.headers['x-request-id']).toMatch(UUID);
      expect(b.headers['x-request-id']).toMatch(UUID);
      expect(a.headers['x-request-id']).not.toBe(b.headers['x-request-id']);
    });

    it("keeps a balancer's well-formed id and replaces one that could forge log text", async () => {
      const kept = await t.request({ url: '/api/health', headers: { 'x-request-id': 'nginx-7f3a9c01d2' } });
      expect(kept.headers['x-request-id']).toBe('nginx-7f3a9c01d2');
      const forged = await t.request({ url: '/api/health', headers: { 'x-request-id': 'x" level=fatal msg="pwned' } });
      expect(forged.headers['x-request-id']).toMatch(UUID);
    });

    it('a refused call carries its id too', async () => {
      const reply = await t.request({ url: '/api/openapi.json' });
      expect(reply.body.code).toBe('P4007');
      expect(reply.headers['x-request-id']).toMatch(UUID);
    });
  });

  describe('GET /api/metrics', () => {
    it('answers a loopback scraper with Prometheus text counting requests by route pattern and refusals by code', async () => {
      await t.request({ url: '/api/health' });
      await t.request({ url: '/api/openapi.json' }); // P4007: not signed in
      const reply = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
      expect(reply.statusCode).toBe(200);
      expect(reply.headers['content-type']).toMatch(/^text\/plain/);
      const text = reply.body;
      expect(text).toMatch(/tessera_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/);
      expect(text).toMatch(
        /tessera_http_request_duration_seconds_bucket\{le="0.002",method="GET",route="\/api\/health"\}/,
      );
      expect(text).toMatch(/tessera_answers_by_code_total\{code="P4007"\} [1-9]/);
      expect(text).toMatch(/tessera_sse_streams 0/);
      expect(text).toMatch(/tessera_process_cpu_user_seconds_total/);
      // Raw URLs never become labels: the common API's table is the pattern's parameter.
      expect(text).not.toMatch(/route="\/api\/common\/tessera/);
    });

    it('refuses a caller that is not on loopback when no METRICS_TOKEN is set', async () => {
      const reply = await t.app.inject({ url: '/api/metrics', remoteAddress: '10.1.2.3' });
      expect(reply.json()).toMatchObject({ code: 'P4003' });
    });
  });

  describe('GET /api/openapi.json', () => {
    it('gives a signed-in admin the OpenAPI 3 document built from the route schemas', async () => {
      const reply = await t.request<any>({ url: '/api/openapi.json', token: admin });
      expect(reply.status).toBe(200);
      const doc = reply.body as any;
      expect(doc.openapi).toMatch(/^3\./);
      const login = doc.paths['/api/auth/login'].post;
      expect(Object.keys(login.requestBody.content['application/json'].schema.properties)).toEqual(
        expect.arrayContaining(['identify', 'account', 'password']),
      );
      expect(doc.paths['/api/common/{table}/list']).toBeTruthy();
    });

    it('refuses a signed-in user who is not an admin', async () => {
      await t.addUser('ops-operator', 'Operator@2026', 'user');
      const token = await t.signIn('ops-operator', 'Operator@2026');
      const reply = await t.request({ url: '/api/openapi.json', token });
      expect(reply.body.code).toBe('P4003');
    });
  });
});

describe('metrics behind METRICS_TOKEN (sqlite)', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    const { createTestDatabase } = await import('../helpers/databases');
    database = await createTestDatabase('sqlite');
    t = await startTestApp(database, { env: { METRICS_TOKEN: TOKEN } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('lets in only the bearer of the token, from anywhere', async () => {
    const bare = await t.app.inject({ url: '/api/metrics', remoteAddress: '127.0.0.1' });
    expect(bare.json()).toMatchObject({ code: 'P4003' });
    const wrong = await t.app.inject({
      url: '/api/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${TOKEN.replace(/f$/, 'e')}` },
    });
    expect(wrong.json()).toMatchObject({ code: 'P4003' });
    const right = await t.app.inject({
      url: '/api/metrics',
      remoteAddress: '10.1.2.3',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(right.statusCode).toBe(200);
    expect(right.body).toMatch(/tessera_http_requests_total/);
  });
});

describe('readiness with Redis (the event bus)', () => {
  let database: TestDatabase;
  let t: TestApp;
  beforeAll(async () => {
    const { createTestDatabase } = await import('../helpers/databases');
    database = await createTestDatabase('sqlite');
    t = await startTestApp(database, { env: { REDIS_URL: 'redis://127.0.0.1:6379' } });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('reports Redis ok while it answers, and not ready (503, redis down) once the connection is gone', async () => {
    const up = await t.request({ url: '/api/ready' });
    expect(up.body.data).toMatchObject({ redis: 'ok', database: 'ok' });
    await t.app.tessera.bus.close();
    const down = await t.request({ url: '/api/ready' });
    expect(down.status).toBe(503);
    expect(down.body.data).toMatchObject({ redis: 'down', database: 'ok', migrations: 'ok' });
  });
});

describe('request ids in the log (sqlite)', () => {
  let database: TestDatabase;
  let t: TestApp;
  const lines: Record<string, unknown>[] = [];
  beforeAll(async () => {
    const { createTestDatabase } = await import('../helpers/databases');
    database = await createTestDatabase('sqlite');
    t = await startTestApp(database, {
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
    });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('every log line of a request names the id its answer carried', async () => {
    const reply = await t.request({ url: '/api/nope' });
    const id = reply.headers['x-request-id'];
    const mine = lines.filter((line) => line.reqId === id);
    expect(mine.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
  });
});
