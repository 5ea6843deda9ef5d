/**
 * The AI app generator (issue 19, docs/ai.md "App generator") on each database, against the
 * loopback fake's canned plans (fixtures/ai-generator): progress on the caller's stream ending in
 * 'creation complete', an app built through the schema store (versions with provenance "ai"), its
 * admin signing in with the shown account and password and using a generated module; each invalid
 * plan repaired; a plan still invalid after 3 repairs and a build that fails midway leaving nothing
 * behind in any table; a stream dropped mid-build still ending with a whole app.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SYSTEM_TABLES } from '../../server/db/tables';
import { aiAppGenerationTable } from '../../server/db/migrations/0029-ai-app-generation';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

const SECRET_KEY = 'c3'.repeat(32);
const PASSWORD = 'Ai@12345678';
const MOBILE = '13800000000';
const promptOf = (fixture: string): string =>
  JSON.parse(readFileSync(`fixtures/ai-generator/${fixture}.json`, 'utf8')).prompt;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeOpenAi;
  let base: string;
  let admin: string;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await makeDatabase();
    t = await startTestApp(database, { env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: SECRET_KEY } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.signIn();
    const model = await t.request({
      url: '/api/aiModels',
      token: admin,
      body: {
        label: 'Plans',
        provider: 'deepseek',
        model: 'fake-plan',
        base_url: fake.url,
        api_key: fake.key,
        is_default: 1,
      },
    });
    expect(model.body.code).toBe('200');
  }, 60_000);
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await t?.close();
    await database?.drop();
    await fake?.close();
  });
  // The per-user hourly limit has its own case: the others start with no recent generation.
  beforeEach(async () => {
    await t.db.db.updateTable(aiAppGenerationTable('tessera_sys_')).set({ create_at: 0 }).execute();
  });

  const connect = async (token = admin) => {
    const stream = await openEventStream(base, { authorization: `Bearer ${token}` }, '/api/sse/connect');
    streams.push(stream);
    const first = await stream.next();
    expect(first.id).toBe(first.data);
    return { stream, connectId: first.data };
  };
  const create = (connectId: string, content: string, extra: Record<string, unknown> = {}, lang?: 'en') =>
    t.request({
      url: '/api/appGenerator/create',
      token: admin,
      lang,
      body: { type: 'deepseek', connectId, content, mobile: MOBILE, password: PASSWORD, ...extra },
    });
  /** Progress messages until the end one ('creation complete' or an error event). */
  const progress = async (stream: OpenStream) => {
    const texts: string[] = [];
    for (;;) {
      const message = await stream.next(20_000);
      if (message.event === 'error') return { texts, error: message.data };
      texts.push(message.data);
      if (message.data === '创建完成' || message.data === 'creation complete') return { texts, error: undefined };
    }
  };
  /** Row counts of every system table, and every table name: what "nothing left behind" compares. */
  const footprint = async () => {
    const counts: Record<string, number> = {};
    for (const name of SYSTEM_TABLES) {
      const row = await t.db.db
        .selectFrom(t.tables[name])
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow();
      counts[name] = Number(row.n);
    }
    const tables = (await t.db.db.introspection.getTables()).map((table) => table.name).sort();
    return { counts, tables };
  };
  const appByIdentify = (identify: string) =>
    t.db.db.selectFrom(t.tables.app).selectAll().where('identify', '=', identify).executeTakeFirst();

  it('generates an app from one sentence: progress, modules with provenance ai, the shown account signs in and uses it', async () => {
    const { stream, connectId } = await connect();
    const [reply, seen] = await Promise.all([create(connectId, promptOf('valid')), progress(stream)]);
    expect(reply.body.code).toBe('200');
    const identify = reply.body.data as string;
    expect(identify).toMatch(/^library/);
    expect(seen.error).toBeUndefined();
    expect(seen.texts[0]).toBe('正在请模型设计应用…');
    expect(seen.texts).toContain('创建模块「借阅」');
    expect(seen.texts.at(-1)).toBe('创建完成');

    const app = await appByIdentify(identify);
    expect(app).toMatchObject({ title: '图书馆管理', source: 1 });
    const modules = await t.db.db
      .selectFrom(t.tables.module)
      .select(['id', 'table_name'])
      .where('app_id', '=', app!.id)
      .execute();
    expect(modules.map((m) => m.table_name).sort()).toEqual(['book', 'loan', 'member']);
    const versions = await t.db.db
      .selectFrom(t.tables.module_version)
      .select(['provenance', 'ai_generated', 'version'])
      .where('app_id', '=', app!.id)
      .execute();
    expect(versions).toHaveLength(3);
    for (const v of versions) expect([v.provenance, Number(v.ai_generated), Number(v.version)]).toEqual(['ai', 1, 1]);
    const request = await t.db.db
      .selectFrom(aiAppGenerationTable('tessera_sys_'))
      .selectAll()
      .where('result_app_id', '=', app!.id)
      .executeTakeFirstOrThrow();
    expect(request).toMatchObject({ prompt: promptOf('valid'), status: 'done', type: 'deepseek' });
    const user = await t.db.db
      .selectFrom(t.tables.user)
      .selectAll()
      .where('app_id', '=', app!.id)
      .executeTakeFirstOrThrow();
    expect(user.account).toBe(MOBILE);
    expect(String(user.password_hash)).not.toContain(PASSWORD);
    const dicts = await t.db.db.selectFrom(t.tables.dict).select('value').where('app_id', '=', app!.id).execute();
    expect(dicts.map((d) => d.value).sort()).toEqual(['history', 'novel', 'science']);
    const roles = await t.db.db.selectFrom(t.tables.role).select('identify').where('app_id', '=', app!.id).execute();
    expect(roles.map((r) => r.identify).sort()).toEqual(['admin', 'librarian']);

    const logged = await t.db.db
      .selectFrom(t.tables.audit_log)
      .selectAll()
      .where('app_id', '=', t.demoAppId)
      .where('record_id', '=', app!.id)
      .executeTakeFirstOrThrow();
    expect(logged.action).toBe('admin-change');
    expect(String(logged.after_data)).toContain(promptOf('valid'));
    expect(String(logged.after_data)).not.toContain(PASSWORD);

    // The new app's admin, with the account and password the dialog shows.
    const token = await t.signIn(MOBILE, PASSWORD, identify);
    const loans = await t.request({ url: '/api/common/loan/list', token, body: {} });
    expect(loans.body.code).toBe('200');
    const books = await t.request({ url: '/api/common/book/list', token, body: {} });
    const santi = books.body.data.list.find((b: { title: string }) => b.title === '三体');
    expect(santi).toBeTruthy();
    expect(loans.body.data.list[0].book_id).toBe(santi.id); // the relation's label became the row's id
    const added = await t.request({ url: '/api/common/member', token, body: { name: '李四', phone: '13900000002' } });
    expect(added.body.code).toBe('200');
    const members = await t.request({ url: '/api/common/member/list', token, body: {} });
    expect(members.body.data.list.map((m: { name: string }) => m.name)).toContain('李四');
  }, 60_000);

  for (const [fixture, pointer] of [
    ['unknown-widget', '/tables/0/fields/1/type'],
    ['duplicate-keys', '/tables/1/fields'],
    ['missing-relation', '/tables/2/fields/1/dictApi/url'],
  ] as const) {
    it(`repairs a plan (${fixture}): the problem goes back to the model with its pointer, then the app is built`, async () => {
      const { stream, connectId } = await connect();
      const calls = fake.calls.length;
      const [reply, seen] = await Promise.all([create(connectId, promptOf(fixture), {}, 'en'), progress(stream)]);
      expect(reply.body.code).toBe('200');
      expect(seen.texts).toContain('The plan has 1 problem(s); repair round 1…');
      expect(seen.texts.at(-1)).toBe('creation complete');
      const asked = fake.calls.slice(calls);
      expect(asked).toHaveLength(2);
      const repair = asked[1].body.messages!.at(-1)!.content;
      expect(repair).toContain(`${pointer}:`);
      expect(asked[0].body.response_format).toEqual({ type: 'json_object' });
      expect(await appByIdentify(reply.body.data)).toBeTruthy();
    }, 60_000);
  }

  it('a plan still invalid after 3 repairs ends in failure with the reason, leaving nothing in any table', async () => {
    const before = await footprint();
    const { stream, connectId } = await connect();
    const calls = fake.calls.length;
    const [reply, seen] = await Promise.all([create(connectId, promptOf('broken-json'), {}, 'en'), progress(stream)]);
    expect(reply.body.code).not.toBe('200');
    expect(reply.body.message).toContain('still invalid after 3 repair round(s)');
    expect(seen.error).toContain('Creation failed');
    expect(seen.texts.filter((text) => text.includes('repair round'))).toHaveLength(3);
    expect(fake.calls.length - calls).toBe(4);
    expect(await footprint()).toEqual(before);
    const row = await t.db.db
      .selectFrom(aiAppGenerationTable('tessera_sys_'))
      .selectAll()
      .where('prompt', '=', promptOf('broken-json'))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'failed' });
    expect(Number(row.repairs)).toBe(3);
  }, 60_000);

  it('a build that fails midway (a sample row breaking a unique field) is undone: no app, no module, no table', async () => {
    const before = await footprint();
    const { stream, connectId } = await connect();
    const [reply, seen] = await Promise.all([create(connectId, promptOf('build-fails')), progress(stream)]);
    expect(reply.body.code).not.toBe('200');
    expect(seen.texts).toContain('创建模块「图书」'); // it got as far as the store's saves
    expect(seen.error).toContain('创建失败');
    expect(await footprint()).toEqual(before);
  }, 60_000);

  it('a stream dropped mid-build still ends with the whole app', async () => {
    const { stream, connectId } = await connect();
    const pending = create(connectId, promptOf('valid'));
    for (;;) {
      const message = await stream.next(20_000);
      if (message.data.startsWith('创建应用')) break;
    }
    stream.abort();
    const reply = await pending;
    expect(reply.body.code).toBe('200');
    const app = await appByIdentify(reply.body.data);
    const modules = await t.db.db.selectFrom(t.tables.module).select('id').where('app_id', '=', app!.id).execute();
    expect(modules).toHaveLength(3);
    const token = await t.signIn(MOBILE, PASSWORD, reply.body.data);
    const books = await t.request({ url: '/api/common/book/list', token, body: {} });
    expect(books.body.data.total).toBe(2);
  }, 60_000);

  describe('refusals change nothing', () => {
    it('refuses a non-admin, a malformed password, an empty description and the sixth generation in an hour', async () => {
      await t.addUser('operator', 'Operator#1', 'user');
      const operator = await t.signIn('operator', 'Operator#1');
      const before = await footprint();
      const { connectId } = await connect();
      const refused = await t.request({
        url: '/api/appGenerator/create',
        token: operator,
        body: { type: 'deepseek', connectId, content: promptOf('valid'), mobile: MOBILE, password: PASSWORD },
      });
      expect(refused.body.code).toBe('P4003');
      expect((await create(connectId, promptOf('valid'), { password: '12345678' }, 'en')).body.message).toBe(
        'The generated password has the wrong shape',
      );
      expect((await create(connectId, '   ', {}, 'en')).body.message).toBe('Describe the app to create');
      expect((await create(connectId, 'x', { type: 'openai' })).body.code).toBe('P4000');
      const table = aiAppGenerationTable('tessera_sys_');
      const user = await t.db.db
        .selectFrom(t.tables.user)
        .select('id')
        .where('account', '=', 'admin')
        .where('app_id', '=', t.demoAppId)
        .executeTakeFirstOrThrow();
      const rows = [1, 2, 3, 4, 5].map((n) => ({
        id: `rate${n}`.padEnd(20, '0'),
        app_id: t.demoAppId,
        user_id: user.id,
        create_at: t.clock.now - n * 1000,
        update_at: t.clock.now,
        type: 'deepseek',
        prompt: 'x',
        status: 'done',
        repairs: 0,
      }));
      await t.db.db.insertInto(table).values(rows).execute();
      const limited = await create(connectId, promptOf('valid'), {}, 'en');
      expect(limited.body.message).toBe('Too many generations: at most 5 an hour; try again later');
      await t.db.db
        .deleteFrom(table)
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
      const after = await footprint();
      expect(after).toEqual(before);
    }, 60_000);
  });
});
