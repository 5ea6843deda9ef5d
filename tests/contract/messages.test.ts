/**
 * The mess page's API (issue 17 item 4) on each database: an admin sends to users, roles or
 * everyone; each recipient lists their own messages newest first, reads one, marks all read and
 * deletes their copy (others keep theirs); the unread count follows; another user's message cannot
 * be read or deleted; an operator may not send; bad input is refused in the caller's language and
 * writes nothing; the send is in the operation log; the live events reach the right sessions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import type { BusEvent } from '../../protocol/events';
import { messageTable } from '../../server/db/migrations/0026-messages-tasks';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream } from './events-client';

const table = messageTable('tessera_sys_');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let anna: string;
  let annaId: string;
  let ben: string;
  let benId: string;
  const events: BusEvent[] = [];

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    annaId = await t.addUser('mess_anna', 'Anna#2026x', 'user');
    benId = await t.addUser('mess_ben', 'Benn#2026x', 'user');
    anna = await t.signIn('mess_anna', 'Anna#2026x');
    ben = await t.signIn('mess_ben', 'Benn#2026x');
    t.app.tessera.bus.subscribe('*', (event) => void events.push(event));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const send = (body: unknown, token = admin, lang: 'zh' | 'en' = 'zh') =>
    t.request({ url: '/api/messages/send', token, body, lang });
  const mine = (token: string, query = '') => t.request({ method: 'GET', url: `/api/messages${query}`, token });
  const unread = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/messages/unread', token })).body.data.count as number;
  const count = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('messages', () => {
    it('an admin sends to two users: each sees it unread, newest first, with the live event', async () => {
      const before = events.length;
      const first = await send({
        to: { userIds: [annaId, benId] },
        title: '周会提醒',
        body: '周五 10 点',
        link: 'backlog',
      });
      expect(first.body).toMatchObject({ code: ResultCode.SUCCESS, data: { count: 2 } });
      t.clock.now += 1000;
      await send({ to: { userIds: [annaId] }, title: '第二条', body: '' });
      const answer = await mine(anna);
      expect(answer.body.data).toMatchObject({ total: 2, unread: 2 });
      expect(answer.body.data.list.map((m: { title: string }) => m.title)).toEqual(['第二条', '周会提醒']);
      expect(answer.body.data.list[1]).toMatchObject({
        body: '周五 10 点',
        link: 'backlog',
        source: 'admin',
        read: false,
      });
      expect(answer.body.data.list[1].sender_name).toBeTruthy();
      expect(await unread(ben)).toBe(1);
      const live = events.slice(before).filter((e) => e.type === 'message.new');
      expect(live.map((e) => e.userId).sort()).toEqual([annaId, annaId, benId].sort());
    });

    it('reads one, filters unread, marks all read; the count follows and other tabs hear it', async () => {
      const list = (await mine(anna)).body.data.list as { id: string; title: string }[];
      const before = events.length;
      const read = await t.request({ url: '/api/messages/read', token: anna, body: { ids: [list[0].id] } });
      expect(read.body.data).toEqual({ unread: 1 });
      expect(events.slice(before)).toContainEqual(
        expect.objectContaining({ type: 'message.read', userId: annaId, unread: 1 }),
      );
      const onlyUnread = await mine(anna, '?filter=unread');
      expect(onlyUnread.body.data.list.map((m: { title: string }) => m.title)).toEqual(['周会提醒']);
      expect((await t.request({ url: '/api/messages/readAll', token: anna, body: {} })).body.data).toEqual({
        unread: 0,
      });
      expect((await mine(anna, '?filter=read')).body.data.total).toBe(2);
      expect(await unread(ben)).toBe(1);
    });

    it('deletes only the user’s own copy; another user’s message id is not found and stays', async () => {
      const annaList = (await mine(anna)).body.data.list as { id: string; title: string }[];
      const benList = (await mine(ben)).body.data.list as { id: string }[];
      const stolen = await t.request({ method: 'DELETE', url: `/api/messages/${benList[0].id}`, token: anna });
      expect(stolen.body.code).toBe(ResultCode.NOT_FOUND);
      const stolenRead = await t.request({ url: '/api/messages/read', token: anna, body: { ids: [benList[0].id] } });
      expect(stolenRead.body.code).toBe(ResultCode.SUCCESS);
      expect(await unread(ben)).toBe(1);
      const meeting = annaList.find((m) => m.title === '周会提醒')!;
      const removed = await t.request({ method: 'DELETE', url: `/api/messages/${meeting.id}`, token: anna });
      expect(removed.body.code).toBe(ResultCode.SUCCESS);
      expect((await mine(anna)).body.data.list.map((m: { title: string }) => m.title)).toEqual(['第二条']);
      expect((await mine(ben)).body.data.list.map((m: { title: string }) => m.title)).toEqual(['周会提醒']);
      const bulk = await t.request({ url: '/api/messages/remove', token: ben, body: { ids: [benList[0].id] } });
      expect(bulk.body.data).toEqual({ unread: 0 });
      expect((await mine(ben)).body.data.total).toBe(0);
    });

    it('sends to a role and to everyone; logs the send', async () => {
      const roles = await t.request({ method: 'GET', url: '/api/messages/recipients', token: admin });
      const userRole = roles.body.data.roles.find((r: { name: string; id: string }) => r.name !== '管理员');
      expect(roles.body.data.users.map((u: { account: string }) => u.account)).toEqual(
        expect.arrayContaining(['admin', 'mess_anna', 'mess_ben']),
      );
      const byRole = await send({ to: { roleIds: [userRole.id] }, title: '角色通知', body: 'x' });
      expect(byRole.body.data.count).toBeGreaterThanOrEqual(2);
      const before = events.length;
      const all = await send({ to: { all: true }, title: '全员通知', body: '系统将于今晚维护' });
      expect(all.body.code).toBe(ResultCode.SUCCESS);
      const live = events.slice(before).filter((e) => e.type === 'message.new');
      expect(live).toEqual([expect.objectContaining({ title: '全员通知' })]);
      expect(live[0]).not.toHaveProperty('userId');
      expect((await mine(admin)).body.data.list[0].title).toBe('全员通知');
      const logged = await t.db.db.selectFrom(t.tables.audit_log).selectAll().where('table_name', '=', table).execute();
      expect(logged.length).toBe(4);
    });

    it('refuses an operator’s send, nobody to send to, a blank title and an outside link, writing nothing', async () => {
      const before = await count();
      expect((await send({ to: { all: true }, title: 'x', body: '' }, anna)).body.code).toBe(ResultCode.FORBIDDEN);
      expect((await t.request({ method: 'GET', url: '/api/messages/recipients', token: anna })).body.code).toBe(
        ResultCode.FORBIDDEN,
      );
      const nobody = await send({ to: { userIds: ['nobody000'] }, title: '你好', body: '' }, admin, 'en');
      expect(nobody.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: expect.stringContaining('Nobody') });
      const none = await send({ to: {}, title: '你好', body: '' });
      expect(none.body.message).toBe('没有可接收的用户：请选择有效的用户、角色或全部用户');
      expect((await send({ to: { all: true }, title: '   ', body: '' })).body.code).toBe(ResultCode.BAD_REQUEST);
      const link = await send({ to: { all: true }, title: 'x', body: '', link: 'https://evil.example' }, admin, 'en');
      expect(link.body.message).toBe('The link must be a page path inside this app');
      expect((await send({ to: { all: true, extra: 1 }, title: 'x', body: '' })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect(await count()).toBe(before);
    });

    it('reaches the recipient’s open event stream live, and only the recipient’s', async () => {
      const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const annaStream = await openEventStream(base, { authorization: anna });
      const benStream = await openEventStream(base, { authorization: ben });
      try {
        expect(JSON.parse((await annaStream.next()).data).type).toBe('stream.open');
        expect(JSON.parse((await benStream.next()).data).type).toBe('stream.open');
        const forAnna = await send({ to: { userIds: [annaId] }, title: '只给安娜', body: '' });
        const forBen = await send({ to: { userIds: [benId] }, title: '只给本', body: '' });
        expect(JSON.parse((await annaStream.next()).data)).toMatchObject({
          type: 'message.new',
          userId: annaId,
          batchId: forAnna.body.data.batchId,
          title: '只给安娜',
        });
        // Ben's first message event is his own: Anna's never reached his stream.
        expect(JSON.parse((await benStream.next()).data)).toMatchObject({ batchId: forBen.body.data.batchId });
      } finally {
        annaStream.abort();
        benStream.abort();
      }
    });

    it('answers only after sign-in', async () => {
      expect((await t.request({ method: 'GET', url: '/api/messages' })).body.code).toBe(ResultCode.LOGOUT);
    });
  });
});
