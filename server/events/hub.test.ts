/** The hub's ring and routing, over the in-process bus, with recording sinks in place of sockets. */
import { describe, expect, it } from 'vitest';
import type { BusEvent, SchemaChangedEvent } from '../../protocol/events';
import { LocalBus } from '../bus/local';
import { EventHub, type StreamSink } from './hub';

const log = { warn: () => undefined, error: () => undefined };
const changed = (id: string, appId = 'a1', userId?: string): SchemaChangedEvent => ({
  type: 'schema.changed',
  appId,
  kind: 'module',
  id,
  version: '1',
  ...(userId ? { userId } : {}),
});

function sink(appId: string, userId: string, tokenHash = `t-${userId}`) {
  const got: [string, BusEvent][] = [];
  let closed = false;
  const stream: StreamSink = {
    appId,
    userId,
    tokenHash,
    send: (id, event) => void got.push([id, event]),
    close: () => void (closed = true),
  };
  return { stream, got, closed: () => closed };
}

describe('EventHub', () => {
  it('replays from a position it holds, and resets once the ring has moved past it', async () => {
    const bus = new LocalBus(log);
    const hub = new EventHub(bus, { ringSize: 3 });
    const watcher = sink('a1', 'u1');
    hub.attach(watcher.stream);
    for (const id of ['e1', 'e2', 'e3', 'e4', 'e5']) await bus.publish(changed(id));
    const ids = watcher.got.map(([id]) => id);
    const fromThird = await hub.replay('a1', 'u1', ids[2]);
    expect(fromThird.reset).toBe(false);
    expect(fromThird.reset ? [] : fromThird.events.map((entry) => (entry.event as SchemaChangedEvent).id)).toEqual([
      'e4',
      'e5',
    ]);
    expect(fromThird.position).toBe(ids[4]);
    // e1 and e2 left the three-entry ring: whatever followed them may be lost.
    expect(await hub.replay('a1', 'u1', ids[0])).toMatchObject({ reset: true, position: ids[4] });
    // No events yet for an app: the position is its anchor, and replaying from it gives what came next.
    const empty = await hub.replay('a2', 'u9', undefined);
    await bus.publish(changed('first', 'a2'));
    const next = await hub.replay('a2', 'u9', empty.position);
    expect(next.reset ? [] : next.events.map((entry) => (entry.event as SchemaChangedEvent).id)).toEqual(['first']);
  });

  it("routes by app and user, and a session.ended closes only that session's streams of that app", async () => {
    const bus = new LocalBus(log);
    const hub = new EventHub(bus);
    const mine = sink('a1', 'u1');
    const colleague = sink('a1', 'u2');
    const otherApp = sink('a2', 'u1');
    for (const s of [mine, colleague, otherApp]) hub.attach(s.stream);
    await bus.publish(changed('public'));
    await bus.publish(changed('private', 'a1', 'u2'));
    expect(mine.got.map(([, event]) => (event as SchemaChangedEvent).id)).toEqual(['public']);
    expect(colleague.got.map(([, event]) => (event as SchemaChangedEvent).id)).toEqual(['public', 'private']);
    expect(otherApp.got).toEqual([]);
    expect((await hub.replay('a1', 'u1', undefined)).reset).toBe(false);

    await bus.publish({ type: 'session.ended', appId: 'a2', userId: 'u1', tokenHash: 't-u1' });
    expect([mine.closed(), otherApp.closed()]).toEqual([false, true]);
    expect(mine.got).toHaveLength(1); // server-only: never forwarded
    hub.close();
    expect([mine.closed(), colleague.closed()]).toEqual([true, true]);
  });

  it("keeps at most maxStreamsPerSession streams per session, closing the session's oldest", () => {
    const hub = new EventHub(new LocalBus(log), { maxStreamsPerSession: 2 });
    const [first, second, third] = [sink('a1', 'u1'), sink('a1', 'u1'), sink('a1', 'u1')];
    const otherSession = sink('a1', 'u1', 'another-token');
    for (const s of [first, otherSession, second, third]) hub.attach(s.stream);
    expect([first, second, third, otherSession].map((s) => s.closed())).toEqual([true, false, false, false]);
  });
});
