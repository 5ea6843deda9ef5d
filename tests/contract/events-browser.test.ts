/**
 * The browser's stream reader (src/api/event-stream.ts) against the real server on each database:
 * it dispatches typed events, reconnects after the connection drops and resumes with Last-Event-ID
 * (nothing published meanwhile is lost), opens sealed events with the app's envelope, and stops on
 * P4007.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ClientEnvelope } from '../../protocol/envelope/index';
import type { StreamEvent } from '../../protocol/event-stream';
import type { SchemaChangedEvent } from '../../protocol/events';
import { startEventStream, type EventStreamHandle } from '../../src/api/event-stream';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

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
  const lastIdsSent: string[] = [];
  const handles: EventStreamHandle[] = [];

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    t.app.addHook('onRequest', async (request) => {
      if (request.url === '/api/events') lastIdsSent.push(String(request.headers['last-event-id'] ?? ''));
    });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.signIn();
  });
  afterAll(async () => {
    handles.forEach((handle) => handle.stop());
    await t?.close();
    await database?.drop();
  });

  const changed = (id: string): SchemaChangedEvent => ({
    type: 'schema.changed',
    appId: t.demoAppId,
    kind: 'module',
    id,
    version: '3',
  });

  function start(options: { token?: string; envelope?: ClientEnvelope } = {}) {
    const events: StreamEvent[] = [];
    let logouts = 0;
    const handle = startEventStream({
      baseUrl: base,
      token: () => options.token ?? token,
      appId: () => t.demoAppId,
      lang: () => 'en',
      envelope: () => options.envelope,
      onEvent: (event) => events.push(event),
      onLogout: () => logouts++,
      minDelayMs: 50,
      maxDelayMs: 200,
    });
    handles.push(handle);
    return { handle, events, logouts: () => logouts };
  }

  it('dispatches typed events, and after a dropped connection resumes from the last id without losing any', async () => {
    const { handle, events } = start();
    await until(() => events.length === 1);
    expect(events[0]).toEqual({ type: 'stream.open' });
    await t.app.tessera.bus.publish(changed('first'));
    await until(() => events.length === 2);
    expect(events[1]).toEqual(changed('first'));
    const before = lastIdsSent.length;
    const idBeforeDrop = handle.lastEventId;

    t.app.server.closeAllConnections(); // the network drops
    await t.app.tessera.bus.publish(changed('while-away'));
    await until(() => events.some((event) => event.type === 'schema.changed' && event.id === 'while-away'));
    expect(lastIdsSent[before]).toBe(idBeforeDrop);
    expect(
      events.filter((event) => event.type === 'schema.changed').map((event) => (event as SchemaChangedEvent).id),
    ).toEqual(['first', 'while-away']);
    handle.stop();
  });

  it('opens sealed events with the envelope of an app that encrypts', async () => {
    await t.db.db.updateTable(t.tables.app).set({ encrypt: 1 }).where('id', '=', t.demoAppId).execute();
    t.app.tessera.apps.invalidate(t.demoAppId);
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    const envelope = new ClientEnvelope(info.public_key);
    const { handle, events } = start({ envelope });
    await until(() => events.length === 1);
    await t.app.tessera.bus.publish(changed('sealed'));
    await until(() => events.length === 2);
    expect(events[1]).toEqual(changed('sealed'));
    handle.stop();
    await t.db.db.updateTable(t.tables.app).set({ encrypt: 0 }).where('id', '=', t.demoAppId).execute();
    t.app.tessera.apps.invalidate(t.demoAppId);
  });

  it('stops and reports sign-out when the session is gone', async () => {
    const { events, logouts } = start({ token: 'Bearer not-a-session' });
    await until(() => logouts() === 1);
    expect(events).toEqual([]);
  });
});
