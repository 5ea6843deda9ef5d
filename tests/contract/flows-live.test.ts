/**
 * The to-do bell's live update (issue 17, docs/workflow.md) on each database: two server
 * instances on one database and one bus (as over Redis). The approver's event stream is open on
 * instance B; the operator submits on instance A; the approver's stream gets `todo.changed`
 * (theirs only, not the operator's), and flows/todocount on B already counts the new to-do.
 * Approving on B sends the operator nothing and the approver a second `todo.changed`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SseMessage } from '../../protocol/sse-parser';
import { LocalBus } from '../../server/bus/local';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

const PASSWORD = 'Flows#2026x';
const quiet = { warn: () => {}, error: () => {} };

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  let baseB: string;
  let bus: LocalBus;
  const streams: OpenStream[] = [];
  let operator: string;
  let approverOnB: string;
  let approverId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    bus = new LocalBus(quiet);
    a = await startTestApp(database, { bus });
    b = await startTestApp(database, { bus });
    baseB = await b.app.listen({ port: 0, host: '127.0.0.1' });
    await a.addUser('live_op', PASSWORD, 'user');
    approverId = await a.addUser('live_mgr', PASSWORD, 'user');
    operator = await a.signIn('live_op', PASSWORD);
    approverOnB = await b.signIn('live_mgr', PASSWORD);
    const admin = await a.signIn();
    const saved = await a.request({
      url: '/api/flows/defs',
      token: admin,
      body: {
        name: '客户审批',
        module: 'customer',
        steps: [{ name: '经理审批', approvers: [{ kind: 'user', id: approverId }], mode: 'any' }],
      },
    });
    expect(saved.body.code).toBe('200');
  });
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  /** The next message that is not the stream's own opening. */
  async function nextEvent(stream: OpenStream): Promise<Record<string, unknown>> {
    for (;;) {
      const message: SseMessage = await stream.next(5000);
      const data = JSON.parse(message.data) as Record<string, unknown>;
      if (data.type !== 'stream.open') return data;
    }
  }

  describe('todo.changed across instances', () => {
    it('reaches the approver’s stream on the other instance when a record is submitted, and the count is exact', async () => {
      const stream = await openEventStream(baseB, { authorization: approverOnB });
      streams.push(stream);
      const operatorStream = await openEventStream(baseB, { authorization: await b.signIn('live_op', PASSWORD) });
      streams.push(operatorStream);

      const record = await a.request({
        url: '/api/common/customer',
        token: operator,
        body: { name: '实时客户', level: 'vip', credit_limit: 100 },
      });
      expect(record.body.message).toBe('操作成功');
      const started = await a.request({
        url: '/api/flows/start',
        token: operator,
        body: { module: 'customer', recordId: record.body.data.id },
      });
      expect(started.body.data.status).toBe('running');
      expect(await nextEvent(stream)).toMatchObject({ type: 'todo.changed', appId: a.demoAppId, userId: approverId });
      expect((await b.request({ method: 'GET', url: '/api/flows/todocount', token: approverOnB })).body.data).toBe(1);

      const todo = (await b.request({ method: 'GET', url: '/api/flows/todos', token: approverOnB })).body.data.list[0];
      const approved = await b.request({ url: '/api/flows/approve', token: approverOnB, body: { todoId: todo.id } });
      expect(approved.body.data.status).toBe('approved');
      expect(await nextEvent(stream)).toMatchObject({ type: 'todo.changed', userId: approverId });
      expect((await b.request({ method: 'GET', url: '/api/flows/todocount', token: approverOnB })).body.data).toBe(0);
      // The operator had no to-do change: nothing for them came with the approver's two events
      // (one publish writes to every stream of the instance).
      expect(operatorStream.raw()).not.toContain('todo.changed');
    });
  });
});
