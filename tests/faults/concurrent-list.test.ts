/**
 * 200 clients ask for a list page at the same moment over real HTTP: every one gets its page, none
 * an error or a timeout, on each database (the pool queues what it cannot run at once).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const CLIENTS = 200;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let origin: string;
  let token: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    token = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it(`answers ${CLIENTS} concurrent list requests, each with its own page, no error`, async () => {
    const replies = await Promise.all(
      Array.from({ length: CLIENTS }, async (_, i) => {
        const response = await fetch(`${origin}/api/common/customer/list`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: token },
          body: JSON.stringify({ isPage: true, pageSize: 5, current: (i % 4) + 1 }),
        });
        return { status: response.status, body: (await response.json()) as { code: string; data: any }, i };
      }),
    );
    expect(replies.filter((r) => r.status !== 200 || r.body.code !== ResultCode.SUCCESS)).toEqual([]);
    // Pages differ by `current`: the answers are each request's own.
    const firstOfPage = new Map<number, string>();
    for (const { body, i } of replies) {
      const page = (i % 4) + 1;
      const id = String(body.data.list[0].id);
      expect(firstOfPage.get(page) ?? id).toBe(id);
      firstOfPage.set(page, id);
    }
    expect(new Set(firstOfPage.values()).size).toBe(4);
  });
});
