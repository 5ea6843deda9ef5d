/**
 * The chat's calls (issue 18 item 3, docs/ai.md "Chat") on each database, against the loopback
 * OpenAI-compatible fake: the connection id first on the chat stream, an answer relayed piece by
 * piece and stored with the question when it ends, the session named from its first message and its
 * model locked, continuous conversation sending the history (and not when off), stop keeping the
 * partial answer marked, a failed call storing nothing, another user's session refused, paging,
 * rename, delete and clear.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { fakeAnswerWords, startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

const SECRET_KEY = 'b2'.repeat(32);

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeOpenAi;
  let base: string;
  let admin: string;
  let operator: string;
  let other: string;
  const models: Record<string, string> = {};
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi({ slowMs: 400 });
    database = await makeDatabase();
    t = await startTestApp(database, { env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: SECRET_KEY } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.signIn();
    await t.addUser('operator', 'Operator#1', 'user');
    await t.addUser('other', 'Other#1234', 'user');
    operator = await t.signIn('operator', 'Operator#1');
    other = await t.signIn('other', 'Other#1234');
    for (const [label, model, extra] of [
      ['Chat', 'fake-chat', { is_default: 1 }],
      ['Slow', 'fake-slow', {}],
      ['Drop', 'fake-disconnect', {}],
      ['Drip', 'fake-drip', {}],
    ] as const) {
      const reply = await t.request({
        url: '/api/aiModels',
        token: admin,
        body: { label, provider: 'custom', model, base_url: fake.url, api_key: fake.key, ...extra },
      });
      models[label] = reply.body.data.id;
    }
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await t?.close();
    await database?.drop();
    await fake?.close();
  });

  const connect = async (token: string) => {
    const stream = await openEventStream(base, { authorization: `Bearer ${token}` }, '/api/sse/connect');
    streams.push(stream);
    const first = await stream.next();
    expect(first.id).toBe(first.data);
    return { stream, connectId: first.data };
  };
  const addSession = async (token: string, body: Record<string, unknown> = {}) =>
    (
      await t.request({
        url: '/api/module/session/sessioninfo/addSession',
        token,
        body: { sessionType: 'CHAT', ...body },
      })
    ).body;
  const send = (token: string, body: Record<string, unknown>, lang?: 'en') =>
    t.request({ url: '/api/module/chat/send', token, body, lang });
  const records = async (token: string, sessionId: string) =>
    (
      await t.request({
        method: 'GET',
        url: `/api/module/session/sessionrecord/getRecordSession?sessionId=${sessionId}`,
        token,
      })
    ).body;
  /** The stream's messages up to and including the answer's end. */
  const untilEnd = async (stream: OpenStream) => {
    const seen: { event: string; data: string }[] = [];
    for (;;) {
      const message = await stream.next(10_000);
      seen.push({ event: message.event, data: message.data });
      if (message.event === 'done' || message.event === 'error') return seen;
    }
  };

  describe('chat', () => {
    let sessionId: string;

    it('relays the answer piece by piece to the connection and stores question and answer together', async () => {
      const { stream, connectId } = await connect(operator);
      const session = await addSession(operator, { chatModelId: models.Chat });
      expect(session.code).toBe(ResultCode.SUCCESS);
      sessionId = session.data.id;
      const [reply, seen] = await Promise.all([
        send(operator, { connectId, sessionId, content: 'How many customers?', ifConc2: '1' }),
        untilEnd(stream),
      ]);
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const words = fakeAnswerWords('How many customers?');
      expect(seen.filter((m) => m.event === 'message').map((m) => m.data)).toEqual(words);
      expect(JSON.parse(seen.at(-1)!.data)).toEqual({ recordId: reply.body.data.recordId, status: 'done' });
      const stored = await records(operator, sessionId);
      expect(
        stored.data.map((r: { role: string; content: string; status: string }) => [r.role, r.content, r.status]),
      ).toEqual([
        ['user', 'How many customers?', 'done'],
        ['assistant', words.join(''), 'done'],
      ]);
      const list = await t.request({
        method: 'GET',
        url: '/api/module/session/sessioninfo/getUserSessionList?page=1&size=10&type=CHAT',
        token: operator,
      });
      expect(list.body.data[0]).toMatchObject({
        id: sessionId,
        sessionName: 'How many customers?',
        chatModelId: models.Chat,
      });
    });

    it('sends the history with continuous conversation on, and not with it off', async () => {
      const { stream, connectId } = await connect(operator);
      await Promise.all([
        send(operator, { connectId, sessionId, content: 'And VIPs?', ifConc2: '1' }),
        untilEnd(stream),
      ]);
      expect(fake.calls.at(-1)!.body.messages!.map((m) => m.content)).toEqual([
        'How many customers?',
        fakeAnswerWords('How many customers?').join(''),
        'And VIPs?',
      ]);
      await Promise.all([send(operator, { connectId, sessionId, content: 'Alone', ifConc2: '0' }), untilEnd(stream)]);
      expect(fake.calls.at(-1)!.body.messages!.map((m) => m.content)).toEqual(['Alone']);
    });

    it('locks the model once the session holds records', async () => {
      const refused = await t.request({
        method: 'PUT',
        url: `/api/module/session/sessioninfo/updateSession/${sessionId}`,
        token: operator,
        body: { chatModelId: models.Slow },
        lang: 'en',
      });
      expect(refused.body.message).toBe('the model cannot be modified');
      const renamed = await t.request({
        url: `/api/module/session/sessioninfo/updateSession/${sessionId}`,
        token: operator,
        body: { id: sessionId, sessionName: 'Customers', chatModelId: models.Chat },
      });
      expect(renamed.body.data.sessionName).toBe('Customers');
    });

    it('stop ends the answer; the partial answer is stored and marked stopped (stop twice is harmless)', async () => {
      const { stream, connectId } = await connect(operator);
      const session = (await addSession(operator, { chatModelId: models.Slow })).data.id;
      const sending = send(operator, { connectId, sessionId: session, content: 'Take your time' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      for (let i = 0; i < 2; i++) {
        const stop = await t.request({
          method: 'GET',
          url: `/api/module/chat/stopStreamResponse/${connectId}`,
          token: operator,
        });
        expect(stop.body.code).toBe(ResultCode.SUCCESS);
      }
      const reply = await sending;
      expect(reply.body.data.status).toBe('stopped');
      const end = await untilEnd(stream);
      expect(JSON.parse(end.at(-1)!.data).status).toBe('stopped');
      const stored = await records(operator, session);
      expect(stored.data.map((r: { role: string; status: string }) => [r.role, r.status])).toEqual([
        ['user', 'done'],
        ['assistant', 'stopped'],
      ]);
    });

    it('stop in the middle of an answer keeps the part that arrived, marked stopped', async () => {
      const { stream, connectId } = await connect(operator);
      const session = (await addSession(operator, { chatModelId: models.Drip })).data.id;
      const sending = send(operator, { connectId, sessionId: session, content: 'Slowly please' });
      const first = await stream.next(10_000);
      expect(first.event).toBe('message');
      await t.request({ method: 'GET', url: `/api/module/chat/stopStreamResponse/${connectId}`, token: operator });
      const reply = await sending;
      expect(reply.body.data.status).toBe('stopped');
      const full = fakeAnswerWords('Slowly please').join('');
      expect(reply.body.data.content.length).toBeGreaterThan(0);
      expect(reply.body.data.content.length).toBeLessThan(full.length);
      const end = await untilEnd(stream);
      expect(JSON.parse(end.at(-1)!.data).status).toBe('stopped');
      const stored = await records(operator, session);
      expect(stored.data[1]).toMatchObject({ role: 'assistant', status: 'stopped', content: reply.body.data.content });
    });

    it('a call that fails before any text stores nothing and says why on the stream and in the answer', async () => {
      const { stream, connectId } = await connect(operator);
      const session = (await addSession(operator, { chatModelId: models.Chat })).data.id;
      await t.request({
        method: 'PUT',
        url: `/api/aiModels/${models.Chat}`,
        token: admin,
        body: { api_key: 'sk-wrong-0000000000' },
      });
      const [reply, seen] = await Promise.all([
        send(operator, { connectId, sessionId: session, content: 'Hello?' }, 'en'),
        untilEnd(stream),
      ]);
      await t.request({
        method: 'PUT',
        url: `/api/aiModels/${models.Chat}`,
        token: admin,
        body: { api_key: fake.key },
      });
      expect(reply.body.message).toBe('The model provider rejected the API key; check the model settings');
      expect(seen.at(-1)).toEqual({
        event: 'error',
        data: 'The model provider rejected the API key; check the model settings',
      });
      expect((await records(operator, session)).data).toEqual([]);
    });

    it('a call that fails mid-answer keeps what arrived, marked failed, and sends the reason on the stream', async () => {
      const { stream, connectId } = await connect(operator);
      const session = (await addSession(operator, { chatModelId: models.Drop })).data.id;
      const [reply, seen] = await Promise.all([
        send(operator, { connectId, sessionId: session, content: 'Tell me more' }, 'en'),
        untilEnd(stream),
      ]);
      expect(reply.body.data.status).toBe('failed');
      const pieces = seen.filter((m) => m.event === 'message').map((m) => m.data);
      expect(pieces.length).toBeGreaterThan(0);
      const failure = seen.at(-1)!;
      expect(failure.event).toBe('error');
      expect(failure.data).toMatch(/^The model provider /);
      const done = await stream.next(10_000);
      expect(done.event).toBe('done');
      expect(JSON.parse(done.data)).toEqual({ recordId: reply.body.data.recordId, status: 'failed' });
      const stored = await records(operator, session);
      expect(stored.data.map((r: { role: string; content: string; status: string }) => [r.role, r.status])).toEqual([
        ['user', 'done'],
        ['assistant', 'failed'],
      ]);
      expect(stored.data[1].content).toBe(pieces.join(''));
    });

    it("refuses another user's session, an empty question and a second send on a busy connection", async () => {
      const { connectId } = await connect(other);
      const foreign = await send(other, { connectId, sessionId, content: 'mine now?' });
      expect(foreign.body.code).toBe(ResultCode.NOT_FOUND);
      expect((await records(other, sessionId)).code).toBe(ResultCode.NOT_FOUND);
      const empty = await send(operator, { connectId, sessionId, content: '   ' }, 'en');
      expect(empty.body.message).toBe('please input content');
      const long = await send(operator, { connectId, sessionId, content: 'x'.repeat(20_001) });
      expect(long.body.code).toBe(ResultCode.BAD_REQUEST);
      const busy = await connect(operator);
      const slow = (await addSession(operator, { chatModelId: models.Slow })).data.id;
      const first = send(operator, { connectId: busy.connectId, sessionId: slow, content: 'one' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = await send(operator, { connectId: busy.connectId, sessionId: slow, content: 'two' }, 'en');
      expect(second.body.message).toBe('chat loading...');
      expect((await first).body.data.status).toBe('done');
    });

    it('pages the session list, deletes one session and clears the rest, only the caller’s', async () => {
      const page = await t.request({
        method: 'GET',
        url: '/api/module/session/sessioninfo/getUserSessionList?page=1&size=2',
        token: operator,
      });
      expect(page.body.data).toHaveLength(2);
      const removed = await t.request({
        method: 'DELETE',
        url: `/api/module/session/sessioninfo/deleteSession/${sessionId}`,
        token: operator,
      });
      expect(removed.body.code).toBe(ResultCode.SUCCESS);
      expect((await records(operator, sessionId)).code).toBe(ResultCode.NOT_FOUND);
      const otherSession = (await addSession(other, {})).data.id;
      const cleared = await t.request({
        method: 'DELETE',
        url: '/api/module/session/sessioninfo/clearSession',
        token: operator,
      });
      expect(cleared.body.data.removed).toBeGreaterThan(0);
      const left = await t.request({
        method: 'GET',
        url: '/api/module/session/sessioninfo/getUserSessionList',
        token: operator,
      });
      expect(left.body.data).toEqual([]);
      expect((await records(other, otherSession)).code).toBe(ResultCode.SUCCESS);
    });
  });
});
