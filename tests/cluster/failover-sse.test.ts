/**
 * A browser's event stream through HAProxy when the instance holding it goes away (issue 20 item 4):
 * three instances on one PostgreSQL database and one Redis (scripts/lib/cluster.mjs), the envelope
 * on as seeded. kill -9 of the holder, dictionary writes meanwhile through the balancer, and the
 * reconnect with Last-Event-ID lands on another instance and receives every one of them, in order,
 * without a reset — also when the stream had seen no event yet (its position was only the opening
 * anchor). A SIGTERM'd holder ends the stream with a reconnect hint and exits cleanly; the client
 * resumes elsewhere the same way. To-do events do not exist yet: dict.changed stands in for them
 * (any event a browser may see takes the same path).
 */
import type { ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { EVENTS_PATH, openStreamEvent } from '../../protocol/event-stream';
// @ts-expect-error: a plain .mjs module without types (scripts/lib/cluster.mjs)
import { startCluster } from '../../scripts/lib/cluster.mjs';
import { openEventStream, type OpenStream } from '../contract/events-client';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';
import { SealedClient } from '../helpers/sealed-client';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CAPTCHA = 'C1US';
const DICT = '/api/common/tessera_sys_dict';

interface Instance {
  n: number;
  origin: string;
  child: ChildProcess;
}
let database: TestDatabase;
let cluster: { origin: string; instances: Instance[]; stop(): Promise<void> };
let client: SealedClient;
const streams: OpenStream[] = [];

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  cluster = await startCluster({
    size: 3,
    command: [process.execPath, '--import', 'tsx', 'server/main.ts'],
    env: {
      DATABASE_URL: database.url,
      REDIS_URL,
      NODE_ENV: 'test',
      TESSERA_TEST_CAPTCHA: CAPTCHA,
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR: '.tmp/no-dist',
    },
  });
  client = await SealedClient.forApp(cluster.origin);
  await client.signIn(cluster.origin, CAPTCHA);
}, 300_000);

afterAll(async () => {
  for (const stream of streams) stream.abort();
  await cluster?.stop();
  await database?.drop();
});

/** A sealed stream through the balancer, resuming after `lastId` when given. */
async function open(lastId?: string) {
  const seal = client.envelope.seal({ method: 'GET', path: EVENTS_PATH, token: client.token });
  const stream = await openEventStream(cluster.origin, {
    'x-sec-identity-id': client.appId,
    ...(lastId ? { 'last-event-id': lastId } : {}),
    ...seal.headers,
  });
  streams.push(stream);
  const next = async () => {
    const message = await stream.next(10_000);
    return { id: message.id, event: openStreamEvent(seal.ctx, message.id, message.data) as Record<string, unknown> };
  };
  return { stream, next };
}

async function openStreamsOf(instance: Instance): Promise<number> {
  const text = await (await fetch(`${instance.origin}/api/metrics`)).text();
  return Number(/^tessera_sse_streams (\d+)/m.exec(text)?.[1] ?? 0);
}

/**
 * The live instance whose gauge rose by one since `before` (the balancer chose it). An aborted
 * stream may still count for a while: HAProxy passes a client's close on to the instance only when
 * a write fails, so at the next heartbeat (docs/reliability.md).
 */
async function holderOf(alive: Instance[], before: number[]): Promise<Instance> {
  let counts: number[] = [];
  for (let attempt = 0; attempt < 50; attempt++) {
    counts = await Promise.all(alive.map(openStreamsOf));
    const holders = alive.filter((_, i) => counts[i]! === before[i]! + 1);
    if (holders.length === 1) return holders[0]!;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no single new holder: open streams per instance ${before.join(', ')} → ${counts.join(', ')}`);
}

async function addDictItem(code: string): Promise<void> {
  const reply = await client.call(cluster.origin, 'POST', DICT, { dict_code: code, value: code, label: code, sort: 0 });
  expect(reply.code, reply.message).toBe(ResultCode.SUCCESS);
}

it('kill -9 of the instance holding a stream: the reconnect through the balancer misses no event', async () => {
  const before = await Promise.all(cluster.instances.map(openStreamsOf));
  const first = await open();
  const opened = await first.next();
  expect(opened.event).toEqual({ type: 'stream.open' });
  const holder = await holderOf(cluster.instances, before);

  holder.child.kill('SIGKILL');
  await first.stream.ended;
  // Published while the browser has no stream (the balancer sends them to the instances left).
  const codes = ['failover_a', 'failover_b', 'failover_c'];
  for (const code of codes) await addDictItem(code);

  const left = cluster.instances.filter((i) => i !== holder);
  const beforeResume = await Promise.all(left.map(openStreamsOf));
  const resumed = await open(opened.id);
  const back = await resumed.next();
  expect(back.event).toEqual({ type: 'stream.open' });
  const got: unknown[] = [];
  for (let i = 0; i < codes.length; i++) got.push((await resumed.next()).event);
  expect(got).toEqual(codes.map((code) => ({ type: 'dict.changed', appId: client.appId, code })));
  // Resumed on one of the instances left (the dead one is out of the rotation).
  expect(left).toContain(await holderOf(left, beforeResume));

  // Live again: the next write reaches this stream at once.
  await addDictItem('failover_live');
  expect((await resumed.next()).event).toMatchObject({ type: 'dict.changed', code: 'failover_live' });
  resumed.stream.abort();
}, 60_000);

it('SIGTERM of the holder: the stream ends with a reconnect hint, the instance exits 0, the client resumes elsewhere', async () => {
  const alive = cluster.instances.filter((i) => i.child.exitCode === null && i.child.signalCode === null);
  expect(alive.length).toBe(2);
  const before = await Promise.all(alive.map(openStreamsOf));
  const first = await open();
  await first.next();
  await addDictItem('drain_seen');
  const seen = await first.next();
  expect(seen.event).toMatchObject({ code: 'drain_seen' });
  const holder = await holderOf(alive, before);

  const exited = new Promise<number | null>((resolve) => holder.child.once('exit', (code) => resolve(code)));
  holder.child.kill('SIGTERM');
  await first.stream.ended;
  expect(first.stream.raw()).toMatch(/retry: 1000\n\n$/);
  expect(await exited).toBe(0);

  await addDictItem('drain_missed');
  const resumed = await open(seen.id);
  expect((await resumed.next()).event).toEqual({ type: 'stream.open' });
  expect((await resumed.next()).event).toMatchObject({ type: 'dict.changed', code: 'drain_missed' });
  resumed.stream.abort();
}, 60_000);
