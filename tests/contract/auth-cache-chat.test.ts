/**
 * The session cache (docs/auth.md "Session cache", ON here: AUTH_CACHE_TTL_MS=5000) while chat
 * answers stream: `chat/send` is a POST held open for the whole answer, and it writes only the
 * chat's and billing's tables, so it neither bypasses nor empties the cache (its route is
 * `sessionCacheSafe`). Were it treated as a possible system write, every request of the instance
 * would go to the database for as long as any answer streams (docs/benchmarks-log.md, issue 18).
 * Seen as in auth-cache.test.ts: a user disabled behind the server's back stays signed in from the
 * cache, and would be signed out by a reload.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

const SESSIONS = '/api/module/session/sessioninfo/getUserSessionList?page=1&size=10&type=CHAT';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeOpenAi;
  let base: string;
  let admin: string;
  let modelId: string;
  const streams: OpenStream[] = [];
  const previousTtl = process.env.AUTH_CACHE_TTL_MS;

  beforeAll(async () => {
    process.env.AUTH_CACHE_TTL_MS = '5000';
    // fake-drip: a piece every 100 ms, so the answer is still streaming while the test looks.
    fake = await startFakeOpenAi({ slowMs: 400 });
    database = await makeDatabase();
    t = await startTestApp(database, {
      env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: 'b2'.repeat(32) },
    });
    expect(t.app.tessera.sessions.cache.ttlMs).toBe(5000);
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.signIn();
    const model = await t.request({
      url: '/api/aiModels',
      token: admin,
      body: { label: 'Drip', provider: 'custom', model: 'fake-drip', base_url: fake.url, api_key: fake.key },
    });
    modelId = model.body.data.id;
  });

  afterAll(async () => {
    if (previousTtl === undefined) delete process.env.AUTH_CACHE_TTL_MS;
    else process.env.AUTH_CACHE_TTL_MS = previousTtl;
    streams.forEach((stream) => stream.abort());
    await t?.close();
    await database?.drop();
    await fake?.close();
  });

  describe('session cache with a chat answer streaming', () => {
    it('serves other requests from the cache while the answer streams and after it ends', async () => {
      const userId = await t.addUser('cachechat', 'Cache#Chat1', 'user');
      const token = await t.signIn('cachechat', 'Cache#Chat1');
      const sessions = () => t.request({ method: 'GET', url: SESSIONS, token });

      const stream = await openEventStream(base, { authorization: `Bearer ${admin}` }, '/api/sse/connect');
      streams.push(stream);
      const connectId = (await stream.next()).data;
      const session = await t.request({
        url: '/api/module/session/sessioninfo/addSession',
        token: admin,
        body: { sessionType: 'CHAT', chatModelId: modelId },
      });
      const answer = t.request({
        url: '/api/module/chat/send',
        token: admin,
        body: { connectId, sessionId: session.body.data.id, content: 'hello', ifConc2: '0' },
      });
      expect((await stream.next()).event).toBe('message'); // the send is running
      // The addSession before (a possible system write) emptied the cache: this fills it again.
      expect((await sessions()).body.code).toBe(ResultCode.SUCCESS);

      // Out of band: only a reload (a bypassed or emptied cache) would see it.
      await t.db.db.updateTable(t.tables.user).set({ status: 0 }).where('id', '=', userId).execute();
      const hitsBefore = t.app.tessera.sessions.cache.stats().hits;
      expect((await sessions()).body.code).toBe(ResultCode.SUCCESS);
      expect(t.app.tessera.sessions.cache.stats().hits).toBe(hitsBefore + 1);

      const reply = await answer;
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.status).toBe('done');
      expect((await sessions()).body.code).toBe(ResultCode.SUCCESS);
    });
  });
});
