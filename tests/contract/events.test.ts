/**
 * GET /api/events against the real server on each database: the stream opens for a signed-in
 * session only, carries published events of the session's app (public, or private to its user),
 * replays from Last-Event-ID, resets for a position it no longer holds, and ends on sign-out and
 * on server close.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { SESSION_TTL_MS } from '../../protocol/constants';
import type { SchemaChangedEvent } from '../../protocol/events';
import { sha256, tokenFromHeader } from '../../server/auth/tokens';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

async function until(check: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let base: string;
  let token: string;
  let userId: string;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    database = await makeDatabase();
    // A short heartbeat so the session re-check it carries is seen within the test.
    t = await startTestApp(database, { events: { heartbeatMs: 100 } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.signIn();
    userId = (await t.request({ url: '/api/auth/userInfo', token })).body.data.id;
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await t?.close();
    await database?.drop();
  });

  async function open(headers: Record<string, string>): Promise<OpenStream> {
    const stream = await openEventStream(base, headers);
    streams.push(stream);
    return stream;
  }

  const changed = (id: string, extra: Partial<SchemaChangedEvent> = {}): SchemaChangedEvent => ({
    type: 'schema.changed',
    appId: t.demoAppId,
    kind: 'module',
    id,
    version: '2',
    ...extra,
  });

  it('refuses a request without a session, as every API call', async () => {
    const response = await fetch(`${base}/api/events`);
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    expect((await response.json()).code).toBe(ResultCode.LOGOUT);
    const bad = await fetch(`${base}/api/events`, { headers: { authorization: 'Bearer nope' } });
    expect((await bad.json()).code).toBe(ResultCode.LOGOUT);
  });

  it('opens with a retry hint and a first event naming the position, then delivers published events', async () => {
    const stream = await open({ authorization: token });
    expect(stream.status).toBe(200);
    expect(stream.contentType).toBe('text/event-stream; charset=utf-8');
    const first = await stream.next();
    expect(JSON.parse(first.data)).toEqual({ type: 'stream.open' });
    expect(first.id).not.toBe('');
    expect(stream.raw()).toMatch(/^retry: \d+\n\n/);
    await t.app.tessera.bus.publish(changed('orders', { hash: 'abc' }));
    const message = await stream.next();
    expect(JSON.parse(message.data)).toEqual(changed('orders', { hash: 'abc' }));
    expect(message.id).not.toBe(first.id);
    stream.abort();
  });

  it("never sends another app's events or another user's private events", async () => {
    const otherApp = await t.seedApp('other');
    const stream = await open({ authorization: token });
    await stream.next(); // stream.open
    const bus = t.app.tessera.bus;
    await bus.publish(changed('foreign', { appId: otherApp }));
    await bus.publish(changed('private-other', { userId: 'someone-else' }));
    await bus.publish({ type: 'session.ended', appId: t.demoAppId, userId, tokenHash: 'not-this-session' });
    await bus.publish(changed('private-mine', { userId }));
    await bus.publish(changed('public'));
    // Delivery is in publish order, so the filtered ones would have come first.
    expect(JSON.parse((await stream.next()).data).id).toBe('private-mine');
    expect(JSON.parse((await stream.next()).data).id).toBe('public');
    stream.abort();
  });

  it('replays what came after Last-Event-ID, and resets for a position it does not hold', async () => {
    const stream = await open({ authorization: token });
    await stream.next();
    const bus = t.app.tessera.bus;
    await bus.publish(changed('one'));
    const one = await stream.next();
    stream.abort();
    await bus.publish(changed('two'));
    await bus.publish(changed('three', { userId: 'someone-else' }));
    await bus.publish(changed('four'));

    const again = await open({ authorization: token, 'last-event-id': one.id });
    const opened = await again.next();
    expect(JSON.parse(opened.data).type).toBe('stream.open');
    const two = await again.next();
    expect(JSON.parse(two.data).id).toBe('two');
    const four = await again.next();
    expect(JSON.parse(four.data).id).toBe('four');
    // The open event names the newest position, so a client that drops right away resumes after four.
    expect(opened.id).toBe(four.id);
    again.abort();

    for (const lastId of ['0000zzzzz.00000000.1', 'not an id!']) {
      const lost = await open({ authorization: token, 'last-event-id': lastId });
      const reset = await lost.next();
      expect(JSON.parse(reset.data)).toEqual({ type: 'stream.reset' });
      expect(reset.id).toBe(four.id);
      lost.abort();
    }
  });

  it('ends the stream when its session signs out, and only that one', async () => {
    const other = await t.signIn();
    const mine = await open({ authorization: token });
    const theirs = await open({ authorization: other });
    await mine.next();
    await theirs.next();
    const logout = await t.request({ method: 'POST', url: '/api/auth/logout', token, body: {} });
    expect(logout.body.code).toBe(ResultCode.SUCCESS);
    await mine.ended;
    await t.app.tessera.bus.publish(changed('still-open'));
    expect(JSON.parse((await theirs.next()).data).id).toBe('still-open');
    token = other;
  });

  it("ends a stream on a session.ended event from the bus (another instance's sign-out), its session row untouched", async () => {
    const stream = await open({ authorization: token });
    await stream.next();
    const tokenHash = sha256(tokenFromHeader(token)!);
    await t.app.tessera.bus.publish({ type: 'session.ended', appId: t.demoAppId, userId, tokenHash });
    await stream.ended;
    // Only the stream ended: the session itself still answers.
    expect((await t.request({ url: '/api/auth/userInfo', token })).body.code).toBe(ResultCode.SUCCESS);
  });

  it('sends heartbeat comments, and ends the stream once its session has expired', async () => {
    const stream = await open({ authorization: token });
    await stream.next();
    await until(() => stream.raw().includes('\n: ping\n\n'));
    const stillOpen = await t.request({ url: '/api/auth/userInfo', token });
    expect(stillOpen.body.code).toBe(ResultCode.SUCCESS);
    t.clock.now += SESSION_TTL_MS + 1000; // the session's expiry passes, as far as the server knows
    await stream.ended; // at the next heartbeat's check
    t.clock.now -= SESSION_TTL_MS + 1000;
  });

  it('ends open streams when the server closes', async () => {
    const stream = await open({ authorization: token });
    await stream.next();
    await t.app.close(); // would not resolve while a stream held its socket
    await stream.ended;
  });
});
