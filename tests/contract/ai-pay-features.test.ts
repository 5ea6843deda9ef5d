/**
 * The image studio and the app generator pay through the AI billing seam (issues 18/19, docs/ai.md
 * "Quota, pay mode and recharge") on each database, against the loopback midjourney-proxy, Baidu
 * SD-XL and OpenAI-compatible fakes: quota and balance refused before the provider is called with
 * nothing created; pay mode 3 charging a drawing per delivered image and a generation its tokens
 * through the model's price, once (a drawing polled to SUCCESS again is not charged again); a failed
 * drawing or generation free and not counted against the quota.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { DEFAULT_TABLE_PREFIX as PREFIX } from '../../protocol/constants';
import type { DrawProgress, DrawTaskView } from '../../protocol/ai-image';
import { aiAppGenerationTable } from '../../server/db/migrations/0029-ai-app-generation';
import { startFakeBaiduSd, type FakeBaiduSd } from '../fakes/baidu-sd/server';
import { startFakeMidjourney, type FakeMidjourney } from '../fakes/midjourney/server';
import { startFakeOpenAi, type FakeOpenAi } from '../fakes/openai/server';
import { ADMIN, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { openEventStream, type OpenStream } from './events-client';

const SECRET_KEY = 'c3'.repeat(32);
/** 2.000 of the unit per 1,000 tokens, and 0.500 an image, in thousandths. */
const PRICE = 2000;
const DRAW_PRICE = 500;
const CREATE = '/api/module/draw/task/createTask';
const PASSWORD = 'Ai@12345678';
/** The fake's canned plans are picked by their prompt (fixtures/ai-generator). */
const promptOf = (fixture: string): string =>
  JSON.parse(readFileSync(`fixtures/ai-generator/${fixture}.json`, 'utf8')).prompt;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeOpenAi;
  let mj: FakeMidjourney;
  let sd: FakeBaiduSd;
  let base: string;
  let admin: string;
  let adminId: string;
  let painter: string;
  let painterId: string;
  let filesDir: string;
  const saved = process.env.FILES_DIR;
  const streams: OpenStream[] = [];

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-aipay-'));
    process.env.FILES_DIR = filesDir;
    fake = await startFakeOpenAi();
    mj = await startFakeMidjourney();
    sd = await startFakeBaiduSd();
    database = await makeDatabase();
    t = await startTestApp(database, { env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: SECRET_KEY } });
    base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    admin = await t.signIn();
    const adminRow = await t.db.db
      .selectFrom(t.tables.user)
      .select('id')
      .where('app_id', '=', t.demoAppId)
      .where('account', '=', ADMIN.account)
      .executeTakeFirstOrThrow();
    adminId = String(adminRow.id);
    painterId = await t.addUser('painter', 'Painter#1', 'user');
    painter = await t.signIn('painter', 'Painter#1');
    const made = await Promise.all([
      t.request({
        url: '/api/aiModels',
        token: admin,
        body: {
          label: 'Plans',
          provider: 'deepseek',
          model: 'fake-plan',
          base_url: fake.url,
          api_key: fake.key,
          is_default: 1,
          price_per_1k: PRICE,
        },
      }),
      t.request({
        url: '/api/aiDrawProviders',
        token: admin,
        body: { draw_type: 'MJ', label: 'MJ proxy', base_url: mj.url, api_key: mj.secret },
      }),
      t.request({
        url: '/api/aiDrawProviders',
        token: admin,
        body: { draw_type: 'BAIDU_SD', label: 'Baidu', base_url: sd.url, api_key: sd.apiKey, secret_key: sd.secretKey },
      }),
    ]);
    for (const reply of made) expect(reply.body.code).toBe(ResultCode.SUCCESS);
    const configured = await config({ payMode: 3, drawPrice: DRAW_PRICE, dailyQuota: 0 });
    expect(configured.body.code).toBe(ResultCode.SUCCESS);
  }, 60_000);
  afterAll(async () => {
    streams.forEach((stream) => stream.abort());
    await t?.close();
    await database?.drop();
    await fake?.close();
    await mj?.close();
    await sd?.close();
    rmSync(filesDir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.FILES_DIR;
    else process.env.FILES_DIR = saved;
  });

  const config = (body: Record<string, unknown>) =>
    t.request({ method: 'PUT', url: '/api/ai/config/current', token: admin, body, lang: 'en' });
  const wallet = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/ai/wallet', token })).body.data.balance as number;
  /** The balance set as a paid top-up would leave it (top-ups have their own suite). */
  const setBalance = async (userId: string, balance: number) => {
    const table = `${PREFIX}ai_wallet`;
    await t.db.db.deleteFrom(table).where('app_id', '=', t.demoAppId).where('user_id', '=', userId).execute();
    await t.db.db
      .insertInto(table)
      .values({ id: `w${userId}`.slice(0, 32), app_id: t.demoAppId, user_id: userId, balance, update_at: t.clock.now })
      .execute();
  };
  const usageRows = (userId: string, feature: string) =>
    t.db.db
      .selectFrom(`${PREFIX}ai_usage`)
      .selectAll()
      .where('user_id', '=', userId)
      .where('feature', '=', feature)
      .orderBy('create_at')
      .execute();
  /** Every call of the user today that counts against the quota: the quota that refuses the next one. */
  const quotaReached = async (userId: string) => {
    const rows = await t.db.db.selectFrom(`${PREFIX}ai_usage`).select('status').where('user_id', '=', userId).execute();
    return rows.filter((row) => row.status !== 'released').length;
  };

  const draw = (key: string, body: Record<string, unknown>) =>
    t.request<DrawTaskView>({ url: `${CREATE}/${key}`, token: painter, body, lang: 'en' });
  const progress = async (id: string) =>
    (
      await t.request<DrawProgress[]>({
        url: `/api/module/draw/task/getMjCacheImage?mjWebTaskId=${id}`,
        token: painter,
      })
    ).body.data;
  const untilDone = async (id: string) => {
    for (let i = 0; i < 20; i += 1) {
      const last = (await progress(id)).at(-1);
      if (last?.taskStatus === 'SUCCESS' || last?.taskStatus === 'FAIL') return last;
    }
    throw new Error('the task did not finish');
  };
  const taskCount = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(`${PREFIX}ai_draw_task`)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  const generate = async (content: string) => {
    await t.db.db.updateTable(aiAppGenerationTable(PREFIX)).set({ create_at: 0 }).execute();
    const stream = await openEventStream(base, { authorization: `Bearer ${admin}` }, '/api/sse/connect');
    streams.push(stream);
    const connectId = (await stream.next()).data;
    const reply = await t.request({
      url: '/api/appGenerator/create',
      token: admin,
      lang: 'en',
      body: { type: 'deepseek', connectId, content, mobile: '13800000000', password: PASSWORD },
    });
    stream.abort();
    return reply;
  };
  const generations = async () =>
    Number(
      (
        await t.db.db
          .selectFrom(aiAppGenerationTable(PREFIX))
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  describe('drawing', () => {
    it('refuses a drawing the balance cannot cover before the provider is called, creating nothing', async () => {
      await setBalance(painterId, 4 * DRAW_PRICE - 1);
      const [tasks, sdCalls] = [await taskCount(), sd.calls.length];
      const refused = await draw('baidu_sd_txt2img', { drawType: 'BAIDU_SD', prompt: 'four foxes', n: 4 });
      expect(refused.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(refused.body.message).toMatch(/^Balance too low/);
      expect(await taskCount()).toBe(tasks);
      expect(sd.calls.length).toBe(sdCalls);
      expect(await wallet(painter)).toBe(4 * DRAW_PRICE - 1);
    });

    it('charges each delivered image once, in pay mode 3, however often the finished task is polled', async () => {
      await setBalance(painterId, 3000);
      const four = await draw('baidu_sd_txt2img', { drawType: 'BAIDU_SD', prompt: 'four foxes', n: 4 });
      expect(four.body.code).toBe(ResultCode.SUCCESS);
      expect((await untilDone(four.body.data.id)).taskStatus).toBe('SUCCESS');
      expect(await wallet(painter)).toBe(3000 - 4 * DRAW_PRICE);

      const grid = await draw('mj_txt2img', { drawType: 'MJ', prompt: 'a red fox' });
      expect(grid.body.code).toBe(ResultCode.SUCCESS);
      // Two polls at once, then more after SUCCESS: one charge.
      await Promise.all([progress(grid.body.data.id), progress(grid.body.data.id)]);
      expect((await untilDone(grid.body.data.id)).taskStatus).toBe('SUCCESS');
      await Promise.all([progress(grid.body.data.id), progress(grid.body.data.id)]);
      expect(await wallet(painter)).toBe(3000 - 5 * DRAW_PRICE);

      // The test clock stands still: the rows are told apart by the task they charged.
      const rows = await usageRows(painterId, 'draw');
      expect(rows).toHaveLength(2);
      const byTask = Object.fromEntries(
        rows.map((row) => [row.ref_id, [row.status, Number(row.cost), row.model_label]]),
      );
      expect(byTask).toEqual({
        [four.body.data.id]: ['charged', 4 * DRAW_PRICE, 'Baidu'],
        [grid.body.data.id]: ['charged', DRAW_PRICE, 'MJ proxy'],
      });
    });

    it('does not charge a failed drawing, nor count it against the quota', async () => {
      const before = await wallet(painter);
      const earlier = new Set((await usageRows(painterId, 'draw')).map((row) => row.id));
      const failed = await draw('mj_txt2img', { drawType: 'MJ', prompt: 'please fail' });
      expect(failed.body.code).toBe(ResultCode.SUCCESS);
      expect((await untilDone(failed.body.data.id)).taskStatus).toBe('FAIL');
      const refusedAtSubmit = await draw('mj_txt2img', { drawType: 'MJ', prompt: 'forbidden words' });
      expect(refusedAtSubmit.body.code).not.toBe(ResultCode.SUCCESS);
      const sdFailed = await draw('baidu_sd_txt2img', { drawType: 'BAIDU_SD', prompt: 'please fail' });
      expect((await untilDone(sdFailed.body.data.id)).taskStatus).toBe('FAIL');
      expect(await wallet(painter)).toBe(before);
      const rows = (await usageRows(painterId, 'draw')).filter((row) => !earlier.has(row.id));
      expect(rows.map((row) => [row.status, Number(row.cost)])).toEqual([
        ['released', 0],
        ['released', 0],
        ['released', 0],
      ]);
    });

    it('refuses a drawing past the daily quota before the provider is called, creating nothing', async () => {
      expect((await config({ dailyQuota: await quotaReached(painterId) })).body.code).toBe(ResultCode.SUCCESS);
      const [tasks, mjCalls] = [await taskCount(), mj.calls.length];
      const refused = await draw('mj_txt2img', { drawType: 'MJ', prompt: 'one more fox' });
      expect(refused.body.message).toMatch(/^You have used all \d+ AI calls for today/);
      expect(await taskCount()).toBe(tasks);
      expect(mj.calls.length).toBe(mjCalls);
      await config({ dailyQuota: 0 });
    });
  });

  describe('app generator', () => {
    it('refuses a generation the balance cannot cover before the model is asked, creating nothing', async () => {
      await setBalance(adminId, 10);
      const [rows, calls] = [await generations(), fake.calls.length];
      const refused = await generate(promptOf('valid'));
      expect(refused.body.message).toMatch(/^Balance too low/);
      expect(await generations()).toBe(rows);
      expect(fake.calls.length).toBe(calls);
    });

    it('charges the tokens of a generation through the model price once the app is built', async () => {
      await setBalance(adminId, 100_000);
      const reply = await generate(promptOf('valid'));
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      // The fake reports 10 + 9 tokens for the one round.
      const cost = Math.ceil((PRICE * 19) / 1000);
      expect(await wallet(admin)).toBe(100_000 - cost);
      const [row] = await usageRows(adminId, 'generator');
      expect(row).toMatchObject({ status: 'charged', model_label: 'Plans' });
      expect([Number(row!.prompt_tokens), Number(row!.completion_tokens), Number(row!.cost)]).toEqual([10, 9, cost]);
      const generation = await t.db.db
        .selectFrom(aiAppGenerationTable(PREFIX))
        .select(['id', 'status'])
        .where('id', '=', row!.ref_id)
        .executeTakeFirstOrThrow();
      expect(generation.status).toBe('done');
    });

    it('does not charge a generation that built no app, nor count it against the quota', async () => {
      const before = await wallet(admin);
      // The model answered; the build failed midway: nothing built, nothing charged.
      const failed = await generate(promptOf('build-fails'));
      expect(failed.body.code).not.toBe(ResultCode.SUCCESS);
      expect(await wallet(admin)).toBe(before);
      const rows = await usageRows(adminId, 'generator');
      expect(rows.map((row) => row.status).sort()).toEqual(['charged', 'released']);
    });

    it('refuses a generation past the daily quota before the model is asked', async () => {
      await config({ payMode: 0, dailyQuota: await quotaReached(adminId) });
      const [rows, calls] = [await generations(), fake.calls.length];
      const refused = await generate(promptOf('valid'));
      expect(refused.body.message).toMatch(/^You have used all \d+ AI calls for today/);
      expect(await generations()).toBe(rows);
      expect(fake.calls.length).toBe(calls);
    });
  });

  describe('ai/config', () => {
    it('saves the price of an image and refuses a bad one naming it, changing nothing', async () => {
      const bad = await config({ drawPrice: -1 });
      expect(bad.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(bad.body.message).toContain('drawPrice');
      const current = await t.request({ method: 'GET', url: '/api/ai/config/current', token: admin });
      expect(current.body.data.drawPrice).toBe(DRAW_PRICE);
    });
  });
});
