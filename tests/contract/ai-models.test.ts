/**
 * AI models and agents (issue 18 item 2, docs/ai.md) on each database, against the loopback
 * OpenAI-compatible fake (reached only because the suite sets OUTBOUND_ALLOW_LIST): keys sealed at
 * rest and answered only as a mask, never in a log line; the test call streams through the SDK
 * (first token, usage); a wrong key, a 429 retried, a dropped stream and a private address each
 * answer their own message; the spec's option calls serve every signed-in user, the admin pages
 * only admins, each app only its own rows.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { aiModelTable } from '../../server/db/migrations/0022-ai-models';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import type { TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { menusOf } from '../helpers/menus';
import { signInAdminSeats, startOutboundTestApp } from '../helpers/outbound-admin';

const SECRET_KEY = 'a1'.repeat(32);

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeOpenAi;
  let admin: string;
  let operator: string;
  let otherAdmin: string;
  const logs: string[] = [];

  beforeAll(async () => {
    fake = await startFakeOpenAi();
    database = await makeDatabase();
    t = await startOutboundTestApp(database, SECRET_KEY, logs);
    ({ admin, operator, otherAdmin } = await signInAdminSeats(t));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await fake?.close();
  });

  const model = (extra: Record<string, unknown> = {}) => ({
    label: 'DeepSeek (fake)',
    provider: 'custom',
    model: 'fake-chat',
    base_url: fake.url,
    api_key: fake.key,
    context_length: 32000,
    price_per_1k: 2,
    ...extra,
  });
  const createModel = (body: Record<string, unknown>, token = admin, lang?: 'en') =>
    t.request({ url: '/api/aiModels', body, token, lang });
  const test = (id: string, lang?: 'en') =>
    t.request({ url: '/api/aiModels/test', body: { ids: [id] }, token: admin, lang });

  describe('models', () => {
    let id: string;

    it('creates a model, seals its key and answers only a mask', async () => {
      const reply = await createModel(model({ is_default: 1 }));
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      id = reply.body.data.id;
      expect(reply.body.data).toMatchObject({
        label: 'DeepSeek (fake)',
        provider: 'custom',
        enabled: 1,
        is_default: 1,
        api_key: '',
        api_key_set: 1,
        api_key_mask: `••••${fake.key.slice(-4)}`,
      });
      const row = await t.db.db
        .selectFrom(aiModelTable('tessera_sys_'))
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      expect(row!.api_key).toMatch(/^v1\./);
      expect(String(row!.api_key)).not.toContain(fake.key);
      const list = await t.request({ method: 'GET', url: '/api/aiModels', token: admin });
      expect(JSON.stringify(list.body)).not.toContain(fake.key);
      expect(list.body.data.total).toBe(1);
    });

    it('test-calls the model through the SDK: a streamed answer, first-token time and usage', async () => {
      const calls = fake.calls.length;
      const reply = await test(id, 'en');
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.message).toMatch(/^Call succeeded: first token in \d+ ms, \d+ ms in all$/);
      expect(reply.body.data.sample).toBe('You asked: Hello, introduce yourself in one sentence.. Here is my answer.');
      expect(reply.body.data.usage.completionTokens).toBe(9);
      const call = fake.calls[calls]!;
      expect(call.body).toMatchObject({ model: 'fake-chat', stream: true, stream_options: { include_usage: true } });
      expect(call.authorization).toBe(`Bearer ${fake.key}`);
    });

    it('keeps the stored key when an edit leaves it empty, and replaces it when one is given', async () => {
      const kept = await t.request({
        method: 'PUT',
        url: `/api/aiModels/${id}`,
        body: { label: 'Fake', api_key: '' },
        token: admin,
      });
      expect(kept.body.data).toMatchObject({ label: 'Fake', api_key_set: 1 });
      expect((await test(id)).body.code).toBe(ResultCode.SUCCESS);
      await t.request({
        method: 'PUT',
        url: `/api/aiModels/${id}`,
        body: { api_key: 'sk-wrong-key-000000' },
        token: admin,
      });
      const refused = await test(id, 'en');
      expect(refused.body.code).not.toBe(ResultCode.SUCCESS);
      expect(refused.body.message).toBe('The model provider rejected the API key; check the model settings');
      await t.request({ method: 'PUT', url: `/api/aiModels/${id}`, body: { api_key: fake.key }, token: admin });
    });

    it('retries a 429 (Retry-After) and succeeds; a dropped stream and a broken chunk say so', async () => {
      const busy = await createModel(model({ label: 'Busy', model: 'fake-busy' }));
      expect((await test(busy.body.data.id)).body.code).toBe(ResultCode.SUCCESS);
      const dropped = await createModel(model({ label: 'Dropped', model: 'fake-disconnect' }));
      const cut = await test(dropped.body.data.id, 'en');
      expect(cut.body.code).not.toBe(ResultCode.SUCCESS);
      expect(cut.body.message).toMatch(/^The model provider (cannot be reached|answered in a form)/);
      const broken = await createModel(model({ label: 'Broken', model: 'fake-broken' }));
      const bad = await test(broken.body.data.id, 'en');
      expect(bad.body.code).not.toBe(ResultCode.SUCCESS);
      expect(bad.body.message).toBe('The model provider answered in a form that cannot be read');
    });

    it('refuses bad input with a clear message and stores nothing', async () => {
      const before = (await t.db.db.selectFrom(aiModelTable('tessera_sys_')).select('id').execute()).length;
      const metadata = await createModel(
        model({ label: 'Metadata', base_url: 'http://169.254.169.254/v1' }),
        admin,
        'en',
      );
      expect(metadata.body.message).toMatch(/169\.254\.169\.254/);
      const custom = await createModel(model({ label: 'NoUrl', base_url: null }), admin, 'en');
      expect(custom.body.message).toBe('A custom provider needs a base URL');
      const noKey = await createModel(
        model({ label: 'NoKey', provider: 'deepseek', base_url: null, api_key: '' }),
        admin,
        'en',
      );
      expect(noKey.body.message).toBe('deepseek needs an API key');
      const taken = await createModel(model({ label: 'Busy' }), admin, 'en');
      expect(taken.body.message).toBe('A model labelled Busy already exists');
      const provider = await createModel(model({ label: 'X', provider: 'gpt-evil' }), admin, 'en');
      expect(provider.body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await t.db.db.selectFrom(aiModelTable('tessera_sys_')).select('id').execute()).length).toBe(before);
    });

    it('one default per app: making another the default clears the first', async () => {
      const second = await createModel(model({ label: 'Second', is_default: 1 }));
      const list = await t.request({ method: 'GET', url: '/api/aiModels?pageSize=50', token: admin });
      const defaults = list.body.data.list.filter((row: { is_default: number }) => row.is_default === 1);
      expect(defaults.map((row: { id: string }) => row.id)).toEqual([second.body.data.id]);
      const options = await t.request({
        method: 'GET',
        url: '/api/module/config/chatmodel/getLabelOption',
        token: operator,
      });
      expect(options.body.data[0]).toEqual({ value: second.body.data.id, label: 'Second' });
      expect(JSON.stringify(options.body)).not.toContain(fake.key);
    });

    it('only admins manage models, each app its own; the key is never in a log line', async () => {
      const asOperator = await createModel(model({ label: 'Op' }), operator);
      expect(asOperator.body.code).toBe(ResultCode.FORBIDDEN);
      expect((await t.request({ method: 'GET', url: '/api/aiModels', token: operator })).body.code).toBe(
        ResultCode.FORBIDDEN,
      );
      const other = await t.request({ method: 'GET', url: `/api/aiModels/${id}`, token: otherAdmin });
      expect(other.body.code).toBe(ResultCode.NOT_FOUND);
      expect(
        (await t.request({ method: 'GET', url: '/api/module/config/chatmodel/getLabelOption', token: otherAdmin })).body
          .data,
      ).toEqual([]);
      expect(logs.join('\n')).not.toContain(fake.key);
    });
  });

  describe('agents', () => {
    it('creates an agent with tips; the option calls serve them to an operator, 12 tips a page', async () => {
      const tips = Array.from({ length: 15 }, (_, i) => `Suggested prompt ${i + 1}`).join('\n');
      const reply = await t.request({
        url: '/api/aiAgents',
        body: {
          name: 'Sales helper',
          role: 'Answers questions about customers',
          system_prompt: 'You help sales.',
          tips,
        },
        token: admin,
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const agentId = reply.body.data.id;
      const agents = await t.request({
        method: 'GET',
        url: '/api/module/config/app/agent?page=1&size=10&type=CHAT',
        token: operator,
      });
      expect(agents.body.data).toEqual([
        { id: agentId, name: 'Sales helper', role: 'Answers questions about customers', model_id: null },
      ]);
      const first = await t.request({
        method: 'GET',
        url: `/api/module/app/tips?page=1&size=12&agentId=${agentId}`,
        token: operator,
      });
      expect(first.body.data).toHaveLength(12);
      expect(first.body.data[0]).toEqual({
        id: `${agentId}-1`,
        title: 'Suggested prompt 1',
        content: 'Suggested prompt 1',
      });
      const second = await t.request({
        method: 'GET',
        url: `/api/module/app/tips?page=2&size=12&agentId=${agentId}`,
        token: operator,
      });
      expect(second.body.data.map((tip: { content: string }) => tip.content)).toEqual([
        'Suggested prompt 13',
        'Suggested prompt 14',
        'Suggested prompt 15',
      ]);
    });

    it('refuses an unknown model, a taken name and an operator; disabled agents are not offered', async () => {
      const unknown = await t.request({
        url: '/api/aiAgents',
        body: { name: 'Ghost', role: 'r', model_id: 'nope' },
        token: admin,
        lang: 'en',
      });
      expect(unknown.body.message).toBe('The chosen model does not exist');
      const taken = await t.request({
        url: '/api/aiAgents',
        body: { name: 'Sales helper', role: 'r' },
        token: admin,
        lang: 'en',
      });
      expect(taken.body.message).toBe('An agent named Sales helper already exists');
      const asOperator = await t.request({ url: '/api/aiAgents', body: { name: 'Op', role: 'r' }, token: operator });
      expect(asOperator.body.code).toBe(ResultCode.FORBIDDEN);
      const off = await t.request({ url: '/api/aiAgents', body: { name: 'Off', role: 'r', enabled: 0 }, token: admin });
      expect(off.body.code).toBe(ResultCode.SUCCESS);
      const offered = await t.request({ method: 'GET', url: '/api/module/config/app/agent', token: operator });
      expect(offered.body.data.map((agent: { name: string }) => agent.name)).toEqual(['Sales helper']);
    });

    it("is on the seeded admin's menu (AI 管理 → 模型管理, 智能体) and on no other role's", async () => {
      const paths = (await menusOf(t, admin)).map((menu) => menu.path);
      expect(paths).toEqual(expect.arrayContaining(['/ai/model', '/ai/agent']));
      const operatorPaths = (await menusOf(t, operator)).map((menu) => menu.path);
      expect(operatorPaths).not.toContain('/ai/model');
      expect(operatorPaths).not.toContain('/ai/agent');
    });

    it('writes each admin change to the operation log, keys never in it', async () => {
      const rows = await t.db.db
        .selectFrom(t.tables.audit_log)
        .select(['table_name', 'before_data', 'after_data'])
        .where('action', '=', 'admin-change')
        .execute();
      const tables = new Set(rows.map((row) => row.table_name));
      expect([...tables].sort()).toEqual(['ai_agent', 'ai_model']);
      expect(JSON.stringify(rows)).not.toContain(fake.key);
    });
  });
});
