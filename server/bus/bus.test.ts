/**
 * The event bus: in-process and over the real Redis (127.0.0.1:6379). Each Redis test uses its own
 * channel (a fresh table prefix) so parallel runs do not hear each other.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import type { BusEvent, SchemaChangedEvent } from '../../protocol/events';
import { createBus, type EventBus } from './index';
import { LocalBus } from './local';
import { busChannel, RedisBus } from './redis';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function recorder() {
  const lines: { level: string; object: object; message: string }[] = [];
  return {
    lines,
    warn: (object: object, message: string) => lines.push({ level: 'warn', object, message }),
    error: (object: object, message: string) => lines.push({ level: 'error', object, message }),
  };
}

const changed = (id: string, appId = 'app1'): SchemaChangedEvent => ({
  type: 'schema.changed',
  appId,
  kind: 'module',
  id,
  version: '2',
});

/** Resolves when `check` holds, polling the event loop (deliveries over Redis are asynchronous). */
async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('LocalBus', () => {
  it('delivers each event once to each subscriber of its type and to "*", with an id', async () => {
    const bus = new LocalBus(recorder());
    const typed: [BusEvent, string][] = [];
    const all: BusEvent[] = [];
    bus.subscribe('schema.changed', (event, delivery) => typed.push([event, delivery.id]));
    bus.subscribe('*', (event) => all.push(event));
    bus.subscribe('session.ended', () => {
      throw new Error('must not be called for schema.changed');
    });
    await bus.publish(changed('orders'));
    expect(typed).toHaveLength(1);
    expect(typed[0]![0]).toEqual(changed('orders'));
    expect(typed[0]![1]).toMatch(/^[0-9a-z]{9}\.[0-9a-f]{8}\.[0-9a-z]+$/);
    expect(all).toEqual([changed('orders')]);
  });

  it('stops delivering after unsubscribe, and a throwing handler neither stops others nor the publisher', async () => {
    const log = recorder();
    const bus = new LocalBus(log);
    const got: string[] = [];
    bus.subscribe('schema.changed', () => {
      throw new Error('boom');
    });
    const off = bus.subscribe('schema.changed', (event) => got.push(event.id));
    await bus.publish(changed('a'));
    off();
    await bus.publish(changed('b'));
    expect(got).toEqual(['a']);
    expect(log.lines.filter((line) => line.message === 'event handler failed')).toHaveLength(2);
  });

  it('gives ids that increase with time', async () => {
    const bus = new LocalBus(recorder());
    const ids: string[] = [];
    bus.subscribe('*', (_event, delivery) => ids.push(delivery.id));
    await bus.publish(changed('a'));
    await new Promise((resolve) => setTimeout(resolve, 2));
    await bus.publish(changed('b'));
    expect(ids[0]! < ids[1]!).toBe(true);
  });
});

describe('RedisBus (real Redis)', () => {
  const open: EventBus[] = [];
  const raw: Redis[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((bus) => bus.close()));
    await Promise.all(raw.splice(0).map((client) => client.quit()));
  });

  async function pair() {
    const prefix = `t${randomBytes(4).toString('hex')}`;
    const logA = recorder();
    const logB = recorder();
    const a = await createBus({ redisUrl: REDIS_URL, tablePrefix: prefix, log: logA });
    const b = await createBus({ redisUrl: REDIS_URL, tablePrefix: prefix, log: logB });
    open.push(a, b);
    expect(a).toBeInstanceOf(RedisBus);
    return { a, b, logA, logB, prefix };
  }

  it('delivers an event exactly once on the publishing instance and once on the other, with the same id', async () => {
    const { a, b } = await pair();
    const onA: string[] = [];
    const onB: string[] = [];
    a.subscribe('schema.changed', (event, delivery) => onA.push(`${event.id}@${delivery.id}`));
    b.subscribe('schema.changed', (event, delivery) => onB.push(`${event.id}@${delivery.id}`));
    await a.publish(changed('orders'));
    expect(onA).toHaveLength(1); // local delivery does not wait for Redis
    await until(() => onB.length === 1);
    // Give a duplicate (Redis echo to A) time to arrive; then check there was none.
    await b.publish(changed('marker'));
    await until(() => onA.length === 2);
    expect(onA[0]).toBe(onB[0]);
    expect(onA.map((entry) => entry.split('@')[0])).toEqual(['orders', 'marker']);
    expect(onB.map((entry) => entry.split('@')[0])).toEqual(['orders', 'marker']);
  });

  it('ignores and logs bad messages on the channel, and keeps delivering good ones', async () => {
    const { a, b, logB, prefix } = await pair();
    const onB: string[] = [];
    b.subscribe('*', (event) => onB.push(event.type));
    const intruder = new Redis(REDIS_URL);
    raw.push(intruder);
    const channel = busChannel(prefix);
    await intruder.publish(channel, 'not json');
    await intruder.publish(
      channel,
      JSON.stringify({ origin: 'x', id: '1', event: { type: 'unknown.kind', appId: 'a' } }),
    );
    await intruder.publish(channel, JSON.stringify({ origin: 'x', id: '1', event: { type: 'schema.changed' } }));
    await intruder.publish(channel, JSON.stringify(null));
    await a.publish(changed('after'));
    await until(() => onB.length === 1);
    expect(onB).toEqual(['schema.changed']);
    expect(logB.lines.filter((line) => line.message.startsWith('event bus: ignored'))).toHaveLength(4);
  });

  it('delivers locally and logs, without rejecting, when Redis cannot take the publish', async () => {
    const { a, logA } = await pair();
    const onA: string[] = [];
    a.subscribe('schema.changed', (event) => onA.push(event.id));
    (a as unknown as { pub: Redis }).pub.disconnect(); // the publisher's connection is gone
    await a.publish(changed('during-outage'));
    expect(onA).toEqual(['during-outage']);
    expect(logA.lines.some((line) => line.message === 'event bus: publish to redis failed')).toBe(true);
  });

  it('closes its connections on close', async () => {
    const { a } = await pair();
    const inner = a as unknown as { pub: Redis; sub: Redis };
    await a.close();
    expect(inner.pub.status).toBe('end');
    expect(inner.sub.status).toBe('end');
    await a.publish(changed('late')); // after close: a no-op, not a throw
  });

  it('refuses to start when Redis cannot be reached, without printing the password', async () => {
    await expect(
      createBus({ redisUrl: 'redis://user:secret@127.0.0.1:1', tablePrefix: 'x', log: recorder() }),
    ).rejects.toThrow(/cannot reach Redis at redis:\/\/user:\*\*\*@127\.0\.0\.1:1/);
  });
});
