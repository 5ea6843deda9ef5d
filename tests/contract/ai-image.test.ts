/**
 * The image studio's calls (issue 18 item 4, docs/ai.md "Image studio") on each database, against
 * the loopback midjourney-proxy and Baidu SD-XL fakes: a drawing submitted with the built prompt,
 * WAIT → RUNNING → SUCCESS through the 2 s progress call, the grid stored with its thumbnails in
 * our file storage (not hot-linked), a quadrant upscaled, a failed task deleted, a refused submit
 * storing nothing, another user's task refused, reference images sniffed, the per-user limit.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import type { DrawTaskView, DrawProgress } from '../../protocol/ai-image';
import { PNG_1PX, SVG_WITH_SCRIPT } from '../../fixtures/files/samples';
import { multipartBody } from '../../fixtures/files/multipart';
import { startFakeMidjourney, type FakeMidjourney } from '../fakes/midjourney/server';
import { GRID_COLOURS } from '../fakes/midjourney/png';
import { startFakeBaiduSd, type FakeBaiduSd } from '../fakes/baidu-sd/server';
import { fakeAnswerWords, startFakeOpenAi } from '../fakes/openai/server';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { decodePng } from '../../server/ai-image/png';
import { aiDrawProviderTable } from '../../server/db/migrations/0028-ai-image';

const SECRET_KEY = 'c3'.repeat(32);
const CREATE = '/api/module/draw/task/createTask';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let mj: FakeMidjourney;
  let sd: FakeBaiduSd;
  let admin: string;
  let operator: string;
  let other: string;
  let filesDir: string;
  const saved = process.env.FILES_DIR;
  const logs: string[] = [];

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-aiimg-'));
    process.env.FILES_DIR = filesDir;
    mj = await startFakeMidjourney();
    sd = await startFakeBaiduSd();
    database = await makeDatabase();
    t = await startTestApp(database, {
      env: { OUTBOUND_ALLOW_LIST: '127.0.0.1', TESSERA_SECRET_KEY: SECRET_KEY, LOG_LEVEL: 'trace' },
      logStream: { write: (line) => void logs.push(line) },
    });
    admin = await t.signIn();
    await t.addUser('painter', 'Painter#1', 'user');
    await t.addUser('other', 'Other#1234', 'user');
    operator = await t.signIn('painter', 'Painter#1');
    other = await t.signIn('other', 'Other#1234');
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await mj?.close();
    await sd?.close();
    rmSync(filesDir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.FILES_DIR;
    else process.env.FILES_DIR = saved;
  });

  const create = (token: string, key: string, body: Record<string, unknown>, lang?: 'en') =>
    t.request<DrawTaskView>({ url: `${CREATE}/${key}`, token, body, lang });
  const progress = async (token: string, id: string) =>
    (await t.request<DrawProgress[]>({ url: `/api/module/draw/task/getMjCacheImage?mjWebTaskId=${id}`, token })).body;
  const history = async (token: string, page = 1, size = 10) =>
    (await t.request<DrawTaskView[]>({ url: `/api/module/draw/task/userTaskList?page=${page}&size=${size}`, token }))
      .body.data;
  /** Polls as the page does (every 2 s there; at once here) until the task has finished. */
  const untilDone = async (token: string, id: string) => {
    const seen: DrawProgress[] = [];
    for (let i = 0; i < 20; i += 1) {
      const answer = await progress(token, id);
      expect(answer.code).toBe(ResultCode.SUCCESS);
      // No entry while queued (WAIT); then one, the last counting.
      const last = answer.data.at(-1) ?? { taskStatus: 'WAIT', schedule: '', imgUrl: '', sessionInfoDrawId: id };
      seen.push(last);
      if (last.taskStatus === 'SUCCESS' || last.taskStatus === 'FAIL') return seen;
    }
    throw new Error('the task did not finish');
  };
  const download = async (url: string, token = operator) => {
    const response = await t.app.inject({ method: 'GET', url: `/${url}`, headers: { authorization: token } });
    return { status: response.statusCode, bytes: response.rawPayload };
  };
  const upload = async (name: string, data: Buffer, lang?: 'en') => {
    const body = multipartBody([{ name, data }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/common/uploadImage',
      headers: { ...body.headers, authorization: operator, ...(lang ? { 'x-lang': lang } : {}) },
      payload: body.payload,
    });
    return response.json() as { code: string; message: string; data: { url: string } };
  };

  describe('drawing services', () => {
    it('keeps the keys sealed at rest, masked in answers, and is for admins only', async () => {
      const made = await t.request({
        url: '/api/aiDrawProviders',
        token: admin,
        body: { draw_type: 'MJ', label: 'MJ proxy', base_url: mj.url, api_key: mj.secret },
      });
      expect(made.body.code).toBe(ResultCode.SUCCESS);
      expect(made.body.data.api_key).toBe('');
      expect(made.body.data.api_key_mask).toMatch(/••••.{4}$/);
      const baidu = await t.request({
        url: '/api/aiDrawProviders',
        token: admin,
        body: { draw_type: 'BAIDU_SD', label: 'Baidu', base_url: sd.url, api_key: sd.apiKey, secret_key: sd.secretKey },
      });
      expect(baidu.body.code).toBe(ResultCode.SUCCESS);
      const rows = await t.db.db
        .selectFrom(aiDrawProviderTable(t.tables.app.replace(/app$/, '')))
        .selectAll()
        .execute();
      expect(JSON.stringify(rows)).not.toContain(mj.secret);
      expect(JSON.stringify(rows)).not.toContain(sd.secretKey);
      const list = await t.request({ url: '/api/aiDrawProviders', token: admin });
      expect(JSON.stringify(list.body)).not.toContain(mj.secret);
      expect(list.body.data.total).toBe(2);
      const twice = await t.request({
        url: '/api/aiDrawProviders',
        token: admin,
        lang: 'en',
        body: { draw_type: 'MJ', label: 'Again', base_url: mj.url },
      });
      expect(twice.body.message).toBe('A drawing service for MJ already exists; edit that one');
      const refused = await t.request({ url: '/api/aiDrawProviders', token: operator });
      expect(refused.body.code).toBe(ResultCode.FORBIDDEN);
    });
  });

  describe('midjourney', () => {
    let grid: DrawTaskView;

    it('submits the built prompt with the secret and stores nothing from the provider but a task', async () => {
      const reply = await create(operator, 'mj_txt2img', {
        drawType: 'MJ',
        prompt: 'a red fox  in snow --ar 2:1',
        negative_prompt: 'text, watermark',
        rate: '16:9',
        quality: 2.5,
        mj_style: ' --v 5 ',
        n: 1,
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      grid = reply.body.data;
      expect(grid.taskStatus).toBe('WAIT');
      const call = mj.calls.find((c) => c.path === '/mj/submit/imagine')!;
      expect(call.secret).toBe(mj.secret);
      expect(call.body).toEqual({ prompt: 'a red fox in snow --ar 16:9 --no text, watermark --q 2.5 --v 5' });
      expect(grid.prompt).toBe('a red fox in snow --ar 16:9 --no text, watermark --q 2.5 --v 5');
      expect(JSON.parse(grid.requestParam).rate).toBe('16:9');
    });

    it('moves WAIT → RUNNING with the percentages → SUCCESS, the grid stored here with 300 and 100 px thumbnails', async () => {
      const seen = await untilDone(operator, grid.id);
      expect(seen.map((p) => [p.taskStatus, p.schedule])).toEqual([
        ['WAIT', ''],
        ['RUNNING', '42%'],
        ['RUNNING', '87%'],
        ['SUCCESS', '100%'],
      ]);
      const task = (await history(operator)).find((row) => row.id === grid.id);
      expect(task!.images).toHaveLength(1);
      const { url, thumb300, thumb100 } = task!.images[0]!;
      for (const link of [url, thumb300, thumb100, task!.showImg, seen.at(-1)!.imgUrl])
        expect(link).toMatch(/^api\/files\/download\/[0-9a-f]{32}$/);
      const sizes = [];
      for (const link of [url, thumb300, thumb100]) {
        const file = await download(link);
        expect(file.status).toBe(200);
        const image = decodePng(file.bytes)!;
        sizes.push([image.width, image.height]);
      }
      expect(sizes).toEqual([
        [512, 512],
        [300, 300],
        [100, 100],
      ]);
      // The top-left quadrant of the grid keeps its colour in the thumbnail.
      const small = decodePng((await download(thumb100)).bytes)!;
      const [r, g, b] = small.data.subarray((10 * 100 + 10) * 4, (10 * 100 + 10) * 4 + 3);
      expect(Math.abs(r! - GRID_COLOURS[0]![0]) < 60 && Math.abs(g! - GRID_COLOURS[0]![1]) < 60).toBe(true);
      expect(b).toBeDefined();
      // Another user of the app cannot read it; the provider's URL is never answered.
      expect(JSON.stringify(task)).not.toContain(mj.url);
    });

    it('upscales one quadrant (U2) of the grid', async () => {
      const reply = await create(operator, 'mj_u', { originalTaskDrawId: grid.id, drawType: 'MJ', index: 2 });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const change = mj.calls.filter((c) => c.path === '/mj/submit/change').at(-1)!;
      expect(change.body).toEqual({ taskId: grid.mjWebTaskId, action: 'UPSCALE', index: 2 });
      expect(reply.body.data).toMatchObject({ drawApiKey: 'mj_u', index: 2, originalTaskDrawId: grid.id });
      const seen = await untilDone(operator, reply.body.data.mjWebTaskId);
      expect(seen.at(-1)!.taskStatus).toBe('SUCCESS');
      const upscaled = (await history(operator)).find((row) => row.id === reply.body.data.id);
      const image = decodePng((await download(upscaled!.images[0]!.url)).bytes)!;
      const [r, g] = image.data.subarray((256 * 512 + 256) * 4);
      expect(Math.abs(r! - GRID_COLOURS[1]![0]) < 60 && Math.abs(g! - GRID_COLOURS[1]![1]) < 60).toBe(true);
      // An upscale is not a grid: it cannot be upscaled again.
      const again = await create(
        operator,
        'mj_u',
        { originalTaskDrawId: upscaled!.id, drawType: 'MJ', index: 1 },
        'en',
      );
      expect(again.body.message).toBe('Only a finished MJ grid can be upscaled or varied');
    });

    it("refuses another user's task id everywhere", async () => {
      expect((await progress(other, grid.id)).code).toBe(ResultCode.NOT_FOUND);
      expect((await progress(other, grid.mjWebTaskId)).code).toBe(ResultCode.NOT_FOUND);
      const change = await create(other, 'mj_v', { originalTaskDrawId: grid.id, drawType: 'MJ', index: 1 });
      expect(change.body.code).toBe(ResultCode.NOT_FOUND);
      const removal = await t.request({
        method: 'DELETE',
        url: `/api/module/draw/task/baseDeleteByIds/${grid.id}`,
        token: other,
      });
      expect(removal.body.code).toBe(ResultCode.NOT_FOUND);
      expect(await history(other)).toEqual([]);
      expect((await history(operator)).some((task) => task.id === grid.id)).toBe(true);
    });

    it('ends a failed drawing in FAIL with the reason, and deletes it with its files', async () => {
      const reply = await create(operator, 'mj_txt2img', { drawType: 'MJ', prompt: 'this will fail' });
      const seen = await untilDone(operator, reply.body.data.id);
      expect(seen.at(-1)).toMatchObject({ taskStatus: 'FAIL', failReason: 'Job failed: the bot refused the prompt' });
      const removal = await t.request({
        method: 'DELETE',
        url: `/api/module/draw/task/baseDeleteByIds/${reply.body.data.id}`,
        token: operator,
      });
      expect(removal.body.code).toBe(ResultCode.SUCCESS);
      expect((await history(operator)).some((task) => task.id === reply.body.data.id)).toBe(false);
      expect((await progress(operator, reply.body.data.id)).code).toBe(ResultCode.NOT_FOUND);
    });

    it('stores nothing when the provider refuses the prompt, and says why', async () => {
      const before = (await history(operator, 1, 50)).length;
      const reply = await create(operator, 'mj_txt2img', { drawType: 'MJ', prompt: 'something forbidden' }, 'en');
      expect(reply.body.code).not.toBe(ResultCode.SUCCESS);
      expect(reply.body.message).toBe('The drawing service refused the task: 可能包含敏感词');
      expect((await history(operator, 1, 50)).length).toBe(before);
    });

    it('refuses bad forms with the spec’s messages', async () => {
      const empty = await create(operator, 'mj_txt2img', { drawType: 'MJ', prompt: '  ' }, 'en');
      expect(empty.body.message).toBe('prompt and reference image must fill one');
      const mismatch = await create(operator, 'baidu_sd_txt2img', { drawType: 'MJ', prompt: 'x' }, 'en');
      expect(mismatch.body.message).toBe('model not supported, please change model');
      const four = await create(operator, 'mj_txt2img', { drawType: 'MJ', prompt: 'x', n: 4 }, 'en');
      expect(four.body.message).toBe('Four images at once are for SD only');
      const rate = await create(operator, 'mj_txt2img', { drawType: 'MJ', prompt: 'x', rate: '5:1' });
      expect(rate.body.code).toBe('P4000');
      const long = await create(operator, 'mj_txt2img', { drawType: 'MJ', prompt: 'x'.repeat(100_000) });
      expect(long.body.code).toBe('P4000');
    });
  });

  describe('reference images', () => {
    it('takes a PNG and sends it to midjourney-proxy as base64', async () => {
      const stored = await upload('ref.png', PNG_1PX);
      expect(stored.code).toBe(ResultCode.SUCCESS);
      const reply = await create(operator, 'mj_img2img', { drawType: 'MJ', baseImg: stored.data.url, prompt: '' });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const call = mj.calls.filter((c) => c.path === '/mj/submit/imagine').at(-1)!;
      expect(call.body.base64Array).toEqual([`data:image/png;base64,${PNG_1PX.toString('base64')}`]);
      expect(call.body.prompt).toBe('--ar 1:1 --q 2.5 --v 5');
      await untilDone(operator, reply.body.data.id);
    });

    it('refuses an SVG and a renamed EXE by their content', async () => {
      const svg = await upload('logo.svg', SVG_WITH_SCRIPT, 'en');
      expect(svg.message).toBe('The reference image must be a PNG or JPG picture');
      const exe = await upload('photo.png', Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 1)]), 'en');
      expect(exe.message).toBe('The reference image must be a PNG or JPG picture');
      const disguised = await create(
        operator,
        'mj_img2img',
        { drawType: 'MJ', baseImg: 'api/files/download/' + 'a'.repeat(32) },
        'en',
      );
      expect(disguised.body.message).toBe('The reference image is not there any more; upload it again');
    });
  });

  describe('baidu SD-XL', () => {
    it('draws four images with the chosen preset and size, each stored with thumbnails', async () => {
      const reply = await create(operator, 'baidu_sd_txt2img', {
        drawType: 'BAIDU_SD',
        prompt: 'a lighthouse at dusk',
        negative_prompt: 'people',
        n: 4,
        size: '1024x768',
        style: 'Anime',
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const seen = await untilDone(operator, reply.body.data.id);
      expect(seen.at(-1)).toMatchObject({ taskStatus: 'SUCCESS', schedule: '100%' });
      const call = sd.calls.find((c) => c.path.endsWith('/sd_xl'))!;
      expect(call.body).toMatchObject({
        prompt: 'a lighthouse at dusk',
        negative_prompt: 'people',
        n: 4,
        size: '1024x768',
        style: 'Anime',
      });
      const task = (await history(operator)).find((row) => row.id === reply.body.data.id)!;
      expect(task.images).toHaveLength(4);
      const thumb = decodePng((await download(task.images[3]!.thumb100)).bytes)!;
      expect([thumb.width, thumb.height]).toEqual([100, 100]);
    });

    it('ends a refused drawing in FAIL with Baidu’s message', async () => {
      const reply = await create(operator, 'baidu_sd_txt2img', { drawType: 'BAIDU_SD', prompt: 'please fail' }, 'en');
      const seen = await untilDone(operator, reply.body.data.id);
      expect(seen.at(-1)!.taskStatus).toBe('FAIL');
      expect(seen.at(-1)!.failReason).toContain('the prompt is invalid');
    });
  });

  describe('limits and history', () => {
    it('allows three unfinished drawings per user at once', async () => {
      const ids: string[] = [];
      for (let i = 0; i < 3; i += 1) {
        const reply = await create(other, 'mj_txt2img', { drawType: 'MJ', prompt: `queued ${i}` });
        expect(reply.body.code).toBe(ResultCode.SUCCESS);
        ids.push(reply.body.data.id);
      }
      const fourth = await create(other, 'mj_txt2img', { drawType: 'MJ', prompt: 'one more' }, 'en');
      expect(fourth.body.message).toBe('At most 3 drawings may run at once; wait for one to finish');
      const running = await t.request({
        method: 'DELETE',
        url: `/api/module/draw/task/baseDeleteByIds/${ids[0]}`,
        token: other,
        lang: 'en',
      });
      expect(running.body.message).toBe('The task is still drawing; it can be deleted once it has finished');
      for (const id of ids) await untilDone(other, id);
      expect((await create(other, 'mj_txt2img', { drawType: 'MJ', prompt: 'now it fits' })).body.code).toBe(
        ResultCode.SUCCESS,
      );
    });

    it('pages the history newest first, ending with a short page', async () => {
      const all = await history(operator, 1, 50);
      const first = await history(operator, 1, 3);
      const second = await history(operator, 2, 3);
      expect(first.map((task) => task.id)).toEqual(all.slice(0, 3).map((task) => task.id));
      expect(second.map((task) => task.id)).toEqual(all.slice(3, 6).map((task) => task.id));
      const last = await history(operator, Math.ceil(all.length / 3) + 1, 3);
      expect(last).toEqual([]);
      const mjVariant = await t.request({
        url: '/api/module/draw/task/userTaskList/mj?page=1&size=3',
        token: operator,
      });
      expect(mjVariant.body.data.map((task: DrawTaskView) => task.id)).toEqual(first.map((task) => task.id));
    });
  });

  describe('a wrong key', () => {
    it('is reported in the user’s language and stores no task', async () => {
      const list = await t.request({ url: '/api/aiDrawProviders', token: admin });
      const row = list.body.data.list.find((p: { draw_type: string }) => p.draw_type === 'MJ');
      const put = (api_key: string) =>
        t.request({ method: 'PUT', url: `/api/aiDrawProviders/${row.id}`, token: admin, body: { ...row, api_key } });
      expect((await put('wrong-secret')).body.code).toBe(ResultCode.SUCCESS);
      const before = (await history(operator, 1, 50)).length;
      const reply = await create(operator, 'mj_txt2img', { drawType: 'MJ', prompt: 'a cat' }, 'en');
      expect(reply.body.message).toBe('The drawing service rejected the key; check the drawing service settings');
      expect((await history(operator, 1, 50)).length).toBe(before);
      expect((await put(mj.secret)).body.code).toBe(ResultCode.SUCCESS);
    });
  });

  describe('secrets', () => {
    it('never writes a drawing-service key or secret to the log', () => {
      expect(logs.length).toBeGreaterThan(0);
      const all = logs.join('\n');
      for (const secret of [mj.secret, sd.apiKey, sd.secretKey]) expect(all).not.toContain(secret);
    });
  });

  describe('prompt translation', () => {
    it('says so when no chat model is configured', async () => {
      const reply = await t.request({
        url: `/api/BaiDu/trans?q=${encodeURIComponent('一只狐狸')}`,
        token: operator,
        lang: 'en',
      });
      expect(reply.body.code).not.toBe(ResultCode.SUCCESS);
      expect(reply.body.message).toContain('No chat model is configured yet');
    });

    it('asks the chat model for an English prompt and answers one clean line', async () => {
      const fake = await startFakeOpenAi();
      try {
        await t.request({
          url: '/api/aiModels',
          token: admin,
          body: { label: 'Translator', provider: 'custom', model: 'fake-chat', base_url: fake.url, api_key: fake.key },
        });
        const reply = await t.request({
          url: `/api/BaiDu/trans?q=${encodeURIComponent('雪地里的狐狸')}`,
          token: operator,
        });
        expect(reply.body.code).toBe(ResultCode.SUCCESS);
        expect(reply.body.data).toBe(fakeAnswerWords('雪地里的狐狸').join('').trim());
        const sent = fake.calls.at(-1)!.body.messages!;
        expect(sent[0]!.role).toBe('system');
        expect(sent[1]).toEqual({ role: 'user', content: '雪地里的狐狸' });
        expect(JSON.stringify(sent)).not.toContain(fake.key);
      } finally {
        await fake.close();
      }
    });
  });
});
