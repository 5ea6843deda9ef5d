/**
 * The message-sending seam (server/messages/send.ts) on each database, as flows and tasks call it:
 * rows written inside the caller's transaction (a rollback leaves none and publishes nothing),
 * recipients resolved from users, roles or everyone of the caller's app only (disabled, deleted and
 * other apps' users never get one), the live event only when the caller publishes after commit,
 * and bad input refused before anything is written.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BusEvent } from '../../protocol/events';
import { messageTable } from '../../server/db/migrations/0026-messages-tasks';
import { sendMessage, sendMessageNow } from '../../server/messages/send';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const table = messageTable('tessera_sys_');

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let alice: string;
  let bob: string;
  let carol: string;
  let otherAppUser: string;
  let userRole: string;
  const events: BusEvent[] = [];

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    alice = await t.addUser('seam_alice', 'Alice#2026', 'user');
    bob = await t.addUser('seam_bob', 'Bob#2026', 'user');
    carol = await t.addUser('seam_carol', 'Carol#2026', 'admin');
    const other = await t.seedApp('seam_other');
    otherAppUser = await t.addUser('seam_dave', 'Dave#2026', 'user', other);
    userRole = String(
      (
        await t.db.db
          .selectFrom(t.tables.role)
          .select('id')
          .where('app_id', '=', t.demoAppId)
          .where('identify', '=', 'user')
          .executeTakeFirstOrThrow()
      ).id,
    );
    t.app.tessera.bus.subscribe('*', (event) => void events.push(event));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const ctx = () => t.app.tessera;
  const rowsOf = (batchId: string) =>
    t.db.db.selectFrom(table).selectAll().where('batch_id', '=', batchId).orderBy('user_id').execute();
  const input = (to: Record<string, unknown>) => ({
    appId: t.demoAppId,
    to,
    title: '审批通过',
    body: '你的报销单已通过',
    link: 'backlog',
    source: 'flow' as const,
  });

  describe('sendMessage', () => {
    it('writes nothing and publishes nothing when the caller’s transaction rolls back', async () => {
      const before = events.length;
      let batchId = '';
      await expect(
        t.db.db.transaction().execute(async (trx) => {
          batchId = (await sendMessage(trx, ctx(), input({ userIds: [alice] }))).batchId;
          throw new Error('the flow transition failed');
        }),
      ).rejects.toThrow('the flow transition failed');
      expect(batchId).not.toBe('');
      expect(await rowsOf(batchId)).toEqual([]);
      expect(events.length).toBe(before);
    });

    it('writes one row per user after commit and publishes a private event to each on publish()', async () => {
      const sent = await t.db.db
        .transaction()
        .execute((trx) => sendMessage(trx, ctx(), input({ userIds: [alice, bob, alice] })));
      expect(sent.recipients.sort()).toEqual([alice, bob].sort());
      const rows = await rowsOf(sent.batchId);
      expect(rows.map((r) => r.user_id).sort()).toEqual([alice, bob].sort());
      expect(rows[0]).toMatchObject({
        title: '审批通过',
        body: '你的报销单已通过',
        link: 'backlog',
        source: 'flow',
        read_at: null,
      });
      const before = events.length;
      await sent.publish();
      const published = events.slice(before);
      expect(published.map((e) => (e as { userId?: string }).userId).sort()).toEqual([alice, bob].sort());
      expect(published[0]).toMatchObject({
        type: 'message.new',
        appId: t.demoAppId,
        batchId: sent.batchId,
        title: '审批通过',
      });
    });

    it('fans a role out to its live users of this app only, and everyone as one app-wide event', async () => {
      await t.db.db.updateTable(t.tables.user).set({ status: 0 }).where('id', '=', bob).execute();
      try {
        const byRole = await sendMessageNow(ctx(), input({ roleIds: [userRole] }));
        expect(byRole.recipients).toContain(alice);
        expect(byRole.recipients).not.toContain(bob);
        expect(byRole.recipients).not.toContain(carol);
        expect(byRole.recipients).not.toContain(otherAppUser);

        const before = events.length;
        const all = await sendMessageNow(ctx(), { ...input({ all: true }), source: 'admin' });
        expect(all.recipients).toEqual(expect.arrayContaining([alice, carol]));
        expect(all.recipients).not.toContain(otherAppUser);
        expect(events.slice(before)).toEqual([
          { type: 'message.new', appId: t.demoAppId, batchId: all.batchId, title: '审批通过', source: 'admin' },
        ]);
      } finally {
        await t.db.db.updateTable(t.tables.user).set({ status: 1 }).where('id', '=', bob).execute();
      }
    });

    it('refuses a send that reaches nobody, a blank title and a link leaving the app, writing nothing', async () => {
      const count = async () =>
        Number(
          (
            await t.db.db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      const before = await count();
      await expect(sendMessageNow(ctx(), input({ userIds: [otherAppUser] }))).rejects.toMatchObject({
        key: 'messages.noRecipients',
      });
      await expect(sendMessageNow(ctx(), input({}))).rejects.toMatchObject({ key: 'messages.noRecipients' });
      await expect(sendMessageNow(ctx(), { ...input({ all: true }), title: '  ' })).rejects.toMatchObject({
        key: 'messages.titleRequired',
      });
      for (const link of ['https://evil.example', '//evil.example', 'javascript:alert(1)', '/x//y'])
        await expect(sendMessageNow(ctx(), { ...input({ all: true }), link })).rejects.toMatchObject({
          key: 'messages.badLink',
        });
      expect(await count()).toBe(before);
    });
  });
});
