/**
 * The form designer's "describe a change" (issue 19 item 5, docs/ai.md "Describe a change") on each
 * database, against the loopback fake's canned patches (fixtures/ai-generator/describe-*.json): the
 * stored schema goes to the model, the answer comes back as checked operations and the patched
 * schema; a bad answer is repaired with its pointers; one still bad after 3 repairs is refused; in
 * every case the module itself is unchanged (the designer applies and saves). Another app's module
 * and a stale base version are refused before the model is asked.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { aiAppGenerationTable } from '../../server/db/migrations/0029-ai-app-generation';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const SECRET_KEY = 'c3'.repeat(32);
const promptOf = (fixture: string): string =>
  JSON.parse(readFileSync(`fixtures/ai-generator/${fixture}.json`, 'utf8')).prompt;
const keysOf = (schema: { body: { fields: { key: string }[] }[] }) => schema.body[0].fields.map((f) => f.key);

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeOpenAi;
  let admin: string;
  let moduleId: string;

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await makeDatabase();
    t = await startTestApp(database, { env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: SECRET_KEY } });
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
    const row = await t.db.db
      .selectFrom(t.tables.module)
      .select('id')
      .where('table_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    moduleId = String(row.id);
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await fake?.close();
  });

  const head = async () => {
    const row = await t.db.db
      .selectFrom(t.tables.module)
      .select(['schema', 'version'])
      .where('id', '=', moduleId)
      .executeTakeFirstOrThrow();
    return { version: Number(row.version), schema: String(row.schema) };
  };
  const describeChange = async (content: string, extra: Record<string, unknown> = {}, token = admin, lang?: 'en') =>
    t.request({
      url: '/api/ai-generator/describe-change',
      token,
      lang,
      body: { moduleId, baseVersion: (await head()).version, content, ...extra },
    });
  /** The request rows of one prompt (the test clock stands still: create_at does not order them). */
  const requestRows = async (prompt: string) =>
    (
      await t.db.db
        .selectFrom(aiAppGenerationTable('tessera_sys_'))
        .select(['type', 'status', 'repairs', 'prompt'])
        .where('type', '=', 'describe')
        .execute()
    ).filter((row) => row.prompt === prompt);

  it('answers the checked operations and the patched schema from the stored one, and changes nothing', async () => {
    const before = await head();
    const calls = fake.calls.length;
    const reply = await describeChange(promptOf('describe-valid'));
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    const data = reply.body.data;
    expect(data.repairs).toBe(0);
    expect(data.summary.zh).toContain('联系电话');
    expect(data.operations).toEqual([expect.objectContaining({ op: 'add', after: 'name' })]);
    expect(keysOf(data.schema).slice(0, 3)).toEqual(['name', 'contact_phone', 'mobile']);
    const added = data.schema.body[0].fields[1];
    expect(added).toMatchObject({ type: 'input', required: true, rule_pattern: '^1[3-9]\\d{9}$' });
    expect(added.id).toMatch(/^f_/);
    // The model saw the stored schema (never the browser's), asked for JSON (DeepSeek: json_object).
    const call = fake.calls[calls];
    expect(fake.calls.length).toBe(calls + 1);
    expect(call.body.response_format?.type).toBe('json_object');
    expect(call.body.messages?.[0].content).toContain('"key":"credit_limit"');
    expect(call.body.messages?.[1]).toEqual({ role: 'user', content: promptOf('describe-valid') });
    expect(await head()).toEqual(before);
    expect(await requestRows(promptOf('describe-valid'))).toEqual([
      expect.objectContaining({ status: 'done', repairs: 0 }),
    ]);
  });

  it('sends the problems with their pointers back for a repair, then answers the repaired change', async () => {
    const calls = fake.calls.length;
    const reply = await describeChange(promptOf('describe-repair'));
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    expect(reply.body.data.repairs).toBe(1);
    expect(keysOf(reply.body.data.schema)).toContain('contact_phone');
    expect(fake.calls.length).toBe(calls + 2);
    const repair = fake.calls[calls + 1].body.messages!.at(-1)!.content;
    expect(repair).toContain('/operations/0/field/type');
  });

  it('refuses a change still invalid after 3 repair rounds, in the user’s language, with nothing changed', async () => {
    const before = await head();
    const calls = fake.calls.length;
    const zh = await describeChange(promptOf('describe-invalid'));
    expect(zh.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(zh.body.message).toContain('3 次修正后修改仍不合格');
    expect(fake.calls.length).toBe(calls + 4);
    // The first round's problem named the missing key; the later ones the store's own check.
    expect(fake.calls[calls + 1].body.messages!.at(-1)!.content).toContain('/operations/0/key');
    expect(fake.calls[calls + 2].body.messages!.at(-1)!.content).toContain('the changed schema at');
    const en = await describeChange(promptOf('describe-invalid'), {}, admin, 'en');
    expect(en.body.message).toContain('still invalid after 3 repair round(s); nothing was changed');
    expect(await head()).toEqual(before);
    const rows = await requestRows(promptOf('describe-invalid'));
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ status: 'failed', repairs: 3 });
  });

  it("refuses another app's module and a stale base version before asking the model", async () => {
    const calls = fake.calls.length;
    const otherApp = await t.seedApp(`desc_${Date.now()}`);
    await t.addUser('other_desc', 'Other@2026x', 'admin', otherApp);
    const [{ identify }] = await t.db.db
      .selectFrom(t.tables.app)
      .select('identify')
      .where('id', '=', otherApp)
      .execute();
    const other = await t.signIn('other_desc', 'Other@2026x', identify as string);
    const foreign = await describeChange(promptOf('describe-valid'), {}, other);
    expect(foreign.body.code).toBe(ResultCode.NOT_FOUND);
    const stale = await describeChange(promptOf('describe-valid'), { baseVersion: (await head()).version + 1 });
    expect(stale.body.code).toBe(ResultCode.CONFLICT);
    const empty = await describeChange('   ');
    expect(empty.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '请描述要做的修改' });
    expect(fake.calls.length).toBe(calls);
  });

  it('pays like the generator: refused past the quota before the model is asked, charged per answer, free when refused', async () => {
    const config = (body: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: '/api/ai/config/current', token: admin, body, lang: 'en' });
    const usage = () =>
      t.db.db
        .selectFrom('tessera_sys_ai_usage')
        .select(['status', 'ref_id'])
        .where('feature', '=', 'generator')
        .execute();
    const before = await usage();
    // Every describe so far held and then charged (a valid patch) or released (refused after repairs).
    expect(before.map((row) => row.status).sort()).toEqual(['charged', 'charged', 'released', 'released']);
    const counted = before.filter((row) => row.status !== 'released').length;
    expect((await config({ payMode: 0, dailyQuota: counted })).body.code).toBe(ResultCode.SUCCESS);
    const calls = fake.calls.length;
    const refused = await describeChange(promptOf('describe-valid'), {}, admin, 'en');
    expect(refused.body.message).toMatch(/^You have used all \d+ AI calls for today/);
    expect(fake.calls.length).toBe(calls);
    expect(await usage()).toHaveLength(before.length);
    expect((await config({ dailyQuota: 0 })).body.code).toBe(ResultCode.SUCCESS);
  });
});
