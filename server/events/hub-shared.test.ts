/**
 * The hub over the real Redis (127.0.0.1:6379), as several instances run it: the replay comes from
 * the shared log, so a stream that moves to another instance (its own died) resumes exactly — from
 * an event id and from the "before anything" anchor of a quiet app — and a shutdown closes streams
 * with a reconnect hint. Each test uses its own table prefix, so parallel runs do not meet.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, expect, it } from 'vitest';
import type { BusEvent, DictChangedEvent } from '../../protocol/events';
import { createBus, type EventBus } from '../bus/index';
import { replayLogKey, REPLAY_LOG_SIZE } from '../bus/replay-log';
import { EventHub, SHUTDOWN_RETRY_MS, type StreamSink } from './hub';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const log = { warn: () => undefined, error: () => undefined };
const dict = (code: string, userId?: string): DictChangedEvent => ({
  type: 'dict.changed',
  appId: 'app1',
  code,
  ...(userId ? { userId } : {}),
});

const opened: { buses: EventBus[]; hubs: EventHub[]; prefix: string } = { buses: [], hubs: [], prefix: '' };

async function instances(count: number): Promise<{ bus: EventBus; hub: EventHub }[]> {
  opened.prefix = `t${randomBytes(4).toString('hex')}_`;
  const out = [];
  for (let i = 0; i < count; i++) {
    const bus = await createBus({ redisUrl: REDIS_URL, tablePrefix: opened.prefix, log });
    const hub = new EventHub(bus);
    opened.buses.push(bus);
    opened.hubs.push(hub);
    out.push({ bus, hub });
  }
  return out;
}

afterEach(async () => {
  for (const hub of opened.hubs.splice(0)) hub.close();
  await Promise.all(opened.buses.splice(0).map((bus) => bus.close()));
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`tessera:${opened.prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

const codes = (events: { event?: BusEvent }[]) => events.map((entry) => (entry.event as DictChangedEvent).code);

it('resumes on another instance from the anchor a quiet app gave on the first, missing nothing', async () => {
  const [a, b, c] = await instances(3);
  // A stream opens on A before the app has any event: its position is an anchor.
  const atOpen = await a!.hub.replay('app1', 'u1', undefined);
  expect(atOpen.reset).toBe(false);
  // A dies; meanwhile C publishes (one event private to another user).
  await c!.bus.publish(dict('level'));
  await c!.bus.publish(dict('secret', 'u2'));
  await c!.bus.publish(dict('region'));
  // The browser reconnects to B with the anchor: the two events it may see, in order, no reset.
  const resumed = await b!.hub.replay('app1', 'u1', atOpen.position);
  expect(resumed.reset).toBe(false);
  expect(resumed.reset ? [] : codes(resumed.events)).toEqual(['level', 'region']);
  // The position is the newest event's id, the one every instance knows it by.
  const fromB = await b!.hub.replay('app1', 'u1', resumed.position);
  expect(fromB.reset ? 'reset' : fromB.events).toEqual([]);
});

it('an instance started after the events replays them too, and an unknown or trimmed id is a reset', async () => {
  const [a] = await instances(1);
  const anchor = (await a!.hub.replay('app1', 'u1', undefined)).position;
  await a!.bus.publish(dict('one'));
  await a!.bus.publish(dict('two'));
  const replacement = await createBus({ redisUrl: REDIS_URL, tablePrefix: opened.prefix, log });
  opened.buses.push(replacement);
  const hub = new EventHub(replacement);
  opened.hubs.push(hub);
  const resumed = await hub.replay('app1', 'u1', anchor);
  expect(resumed.reset ? 'reset' : codes(resumed.events)).toEqual(['one', 'two']);
  expect((await hub.replay('app1', 'u1', '0zzzzzzzz.00000000.1')).reset).toBe(true);

  // The log is capped: past REPLAY_LOG_SIZE more events the anchor is gone, and that is a reset.
  for (let i = 0; i < REPLAY_LOG_SIZE + 120; i++) await a!.bus.publish(dict(`bulk${i}`));
  const redis = new Redis(REDIS_URL);
  const length = await redis.xlen(replayLogKey(opened.prefix, 'app1'));
  await redis.quit();
  expect(length).toBeLessThan(REPLAY_LOG_SIZE + 120);
  expect((await hub.replay('app1', 'u1', anchor)).reset).toBe(true);
});

it('keeps server-only events out of the shared log', async () => {
  const [a] = await instances(1);
  await a!.bus.publish({ type: 'session.ended', appId: 'app1', userId: 'u1', tokenHash: 'h'.repeat(64) });
  await a!.bus.publish(dict('kept'));
  const redis = new Redis(REDIS_URL);
  const entries = await redis.xrange(replayLogKey(opened.prefix, 'app1'), '-', '+');
  await redis.quit();
  expect(entries.map(([, fields]) => fields.join(' '))).toEqual([expect.stringContaining('"code":"kept"')]);
});

it('closes every stream with a reconnect hint when the server stops', async () => {
  const [a] = await instances(1);
  const hints: (number | undefined)[] = [];
  const stream: StreamSink = {
    appId: 'app1',
    userId: 'u1',
    tokenHash: 't',
    send: () => undefined,
    close: (retryMs) => void hints.push(retryMs),
  };
  a!.hub.attach(stream);
  a!.hub.close();
  expect(hints).toEqual([SHUTDOWN_RETRY_MS]);
});
