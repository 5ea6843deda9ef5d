/**
 * Two server processes (server/main.ts through tsx, as `npm run dev:server` runs it) on one
 * PostgreSQL database and one Redis, the demo app's envelope on as seeded. A module saved on the
 * first is served by the second — the new schema and the new column — within one second, and an
 * event stream open on the second receives the change, sealed for its session.
 */
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { EVENTS_PATH, openStreamEvent } from '../../protocol/event-stream';
import { openEventStream, type OpenStream } from '../contract/events-client';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';
import { SealedClient } from '../helpers/sealed-client';
import { SHELL_CAPTCHA, startShellServer, type ShellServer } from '../helpers/shell-server';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const NOTE_FIELD = { id: 'f_vip_note', key: 'vip_note', title: { zh: '贵宾备注', en: 'VIP note' }, type: 'input' };

let database: TestDatabase;
let first: ShellServer;
let second: ShellServer;
let envelope: ClientEnvelope;
let appId = '';
let token = '';
let stream: OpenStream | undefined;

let client: SealedClient;
const call = (origin: string, method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown, query?: object) =>
  client.call(origin, method, path, body, query);

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  const env = { DATABASE_URL: database.url, REDIS_URL, LOG_LEVEL: 'warn' };
  // One after the other: the first migrates and seeds, the second finds it done.
  first = await startShellServer(env);
  second = await startShellServer(env);
  client = await SealedClient.forApp(first.origin);
  appId = client.appId;
  envelope = client.envelope;
  token = await client.signIn(first.origin, SHELL_CAPTCHA);
}, 120_000);

afterAll(async () => {
  stream?.abort();
  await Promise.all([first?.stop(), second?.stop()]);
  await database?.drop();
});

it('a module saved on one instance is served, with its new column, by the other within a second, and streamed to it', async () => {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const moduleId = (await client.query(`select id from tessera_sys_module where table_name = 'customer'`)).rows[0].id;
  await client.end();

  // The second instance has the module and its table cached before the save.
  const before = await call(second.origin, 'GET', `/api/module/${moduleId}`);
  expect(before.code).toBe(ResultCode.SUCCESS);
  const warm = await call(second.origin, 'POST', '/api/common/customer/list', { isPage: true, pageSize: 1 });
  expect(warm.code).toBe(ResultCode.SUCCESS);

  const seal = envelope.seal({ method: 'GET', path: EVENTS_PATH, token });
  stream = await openEventStream(second.origin, { 'x-sec-identity-id': appId, ...seal.headers });
  const opened = await stream.next();
  expect(openStreamEvent(seal.ctx, opened.id, opened.data)).toEqual({ type: 'stream.open' });

  const schema = structuredClone(before.data.schema);
  schema.body[0].fields.push(NOTE_FIELD);
  const saved = await call(first.origin, 'PUT', `/api/module/${moduleId}`, { schema });
  expect(saved.code, saved.message).toBe(ResultCode.SUCCESS);
  const savedAt = Date.now();

  // The second instance: the new schema, and a record written and read back through the new column.
  let served = false;
  let elapsed = 0;
  while (!served && elapsed < 5000) {
    const module = await call(second.origin, 'GET', `/api/module/${moduleId}`);
    const fields: { key: string }[] = module.data.schema.body[0].fields;
    if (fields.some((field) => field.key === 'vip_note')) {
      const created = await call(second.origin, 'POST', '/api/common/customer', {
        name: `两实例客户${savedAt}`,
        level: 'vip',
        vip_note: '从第二个实例写入',
      });
      if (created.code === ResultCode.SUCCESS) {
        const row = await call(second.origin, 'GET', `/api/common/customer/${created.data.id}`);
        served = row.data?.vip_note === '从第二个实例写入';
      }
    }
    elapsed = Date.now() - savedAt;
  }
  expect(served).toBe(true);
  console.info(`two-instance: the second instance served the saved module after ${elapsed} ms`);
  expect(elapsed).toBeLessThan(1000);

  const message = await stream.next();
  expect(openStreamEvent(seal.ctx, message.id, message.data)).toMatchObject({
    type: 'schema.changed',
    appId,
    kind: 'module',
    id: moduleId,
    version: String(saved.data.version),
  });
  expect(stream.raw()).not.toContain('schema.changed');

  // Event ids are the publisher's, the same on every instance: a browser whose connection moves to
  // the first instance resumes there from the id the second gave it, without a reset.
  const resumeSeal = envelope.seal({ method: 'GET', path: EVENTS_PATH, token });
  const resumed = await openEventStream(first.origin, {
    'x-sec-identity-id': appId,
    'last-event-id': message.id,
    ...resumeSeal.headers,
  });
  const resumedFirst = await resumed.next();
  resumed.abort();
  expect(openStreamEvent(resumeSeal.ctx, resumedFirst.id, resumedFirst.data)).toEqual({ type: 'stream.open' });
  expect(resumedFirst.id).toBe(message.id);
}, 60_000);
