/**
 * Cloud mode (upload_config position 2): GET ThirdApi/qiniu/qnToken signs an upload token the way
 * Qiniu documents; a fake Qiniu on loopback verifies it like Qiniu would and accepts the upload.
 * Refusals (not cloud mode, another bucket, unknown region) answer a code and message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { createUploader } from '../../runtime/core/upload/uploader';
import { PNG_1PX } from '../../fixtures/files/samples';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startFakeQiniu, type FakeQiniu } from '../fakes/qiniu/server';
import { QINIU_UPLOAD_HOSTS, signUploadToken } from '../../server/files/qiniu';

const KEYS = { accessKey: 'AK_test', secretKey: 'SK_test_secret' };
const ENV = ['QINIU_ACCESS_KEY', 'QINIU_SECRET_KEY', 'QINIU_UPLOAD_URL'] as const;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let fake: FakeQiniu;
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

  async function setUploadConfig(config: Record<string, unknown>) {
    await t.db.db
      .updateTable(t.tables.app)
      .set({ upload_config: JSON.stringify(config) })
      .where('id', '=', t.demoAppId)
      .execute();
    t.app.tessera.apps.invalidate();
  }

  beforeAll(async () => {
    fake = await startFakeQiniu({ keys: { [KEYS.accessKey]: KEYS.secretKey }, buckets: ['tessera-b1'] });
    process.env.QINIU_ACCESS_KEY = KEYS.accessKey;
    process.env.QINIU_SECRET_KEY = KEYS.secretKey;
    process.env.QINIU_UPLOAD_URL = fake.url;
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await fake?.close();
    for (const key of ENV) {
      if (saved[key] === undefined) delete process.env[key];
      else process.env[key] = saved[key];
    }
  });

  const token = (bucket?: string) =>
    t.request({ url: `/api/ThirdApi/qiniu/qnToken${bucket ? `?bucket=${bucket}` : ''}`, token: admin });

  it('signs a token the fake Qiniu accepts; the upload lands under the app by content hash', async () => {
    await setUploadConfig({ position: 2, region: 'z2', bucket: 'tessera-b1', domain: 'https://cdn.example.com' });
    const reply = await token('tessera-b1');
    expect(reply.body.code).toBe(ResultCode.SUCCESS);
    const data = reply.body.data;
    expect(data).toMatchObject({
      uploadUrl: fake.url,
      region: 'z2',
      bucket: 'tessera-b1',
      domain: 'https://cdn.example.com',
    });
    const [ak, , encoded] = data.token.split(':');
    expect(ak).toBe(KEYS.accessKey);
    const policy = JSON.parse(Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString());
    expect(policy).toMatchObject({ scope: 'tessera-b1', forceSaveKey: true, saveKey: `${t.demoAppId}/$(etag)$(ext)` });
    expect(policy.deadline).toBe(Math.floor(t.clock.now / 1000) + 3600);
    expect(JSON.stringify(reply.body)).not.toContain(KEYS.secretKey);

    // The runtime's uploader, end to end: token from the server, bytes to the fake.
    const request = (async (options: { url: string; query?: Record<string, unknown> }) =>
      (await t.request({ url: `/api/${options.url}?bucket=${options.query?.bucket}`, token: admin })).body) as never;
    const upload = createUploader({
      request,
      lang: 'zh',
      uploadConfig: { position: 2, bucket: 'tessera-b1', domain: 'https://cdn.example.com' },
    });
    const result = await upload({ action: 'files/upload', file: new Blob([PNG_1PX]), name: '图.png' });
    expect(result).toMatchObject({ ok: true, name: '图.png' });
    const url = (result as { url: string }).url;
    expect(url).toMatch(new RegExp(`^https://cdn\\.example\\.com/${t.demoAppId}/[0-9a-f]{40}\\.png$`));
    const stored = [...fake.objects.values()].find((o) => url.endsWith(o.key))!;
    expect(stored.bucket).toBe('tessera-b1');
    expect(stored.data.equals(PNG_1PX)).toBe(true);
  });

  it('the fake refuses a tampered or foreign-signed token, as Qiniu would', async () => {
    await setUploadConfig({ position: 2, region: 'z0', bucket: 'tessera-b1' });
    const good: string = (await token()).body.data.token;
    const [ak, sign, encoded] = good.split(':');
    const widened = Buffer.from(JSON.stringify({ scope: 'tessera-b1', deadline: 4102444800 })).toString('base64');
    const forged = signUploadToken(
      { accessKey: ak, secretKey: 'guessed' },
      { scope: 'tessera-b1', deadline: 4102444800 },
    );
    for (const bad of [`${ak}:${sign}:${widened}`, forged, `${ak}:${sign.slice(1)}x:${encoded}`]) {
      const form = new FormData();
      form.append('token', bad);
      form.append('file', new Blob([PNG_1PX]), 'a.png');
      const response = await fetch(fake.url, { method: 'POST', body: form });
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: 'bad token' });
    }
  });

  it('refuses tokens outside cloud mode, for another bucket, or for an unknown region', async () => {
    await setUploadConfig({ position: 1 });
    expect((await token('tessera-b1')).body).toEqual({
      code: ResultCode.BAD_REQUEST,
      message: '配置参数有误',
      data: null,
    });
    await setUploadConfig({ position: 2, region: 'z0', bucket: 'tessera-b1' });
    expect((await token('someone-elses')).body.message).toBe('配置参数有误');
    await setUploadConfig({ position: 2, region: 'mars-1', bucket: 'tessera-b1' });
    expect((await token('tessera-b1')).body).toEqual({
      code: ResultCode.BAD_REQUEST,
      message: '云存储区域不正确',
      data: null,
    });
    expect((await t.request({ url: '/api/ThirdApi/qiniu/qnToken' })).body.code).toBe(ResultCode.LOGOUT);
  });
});

describe('Qiniu regions', () => {
  it('maps every spec region to its upload host', () => {
    expect(QINIU_UPLOAD_HOSTS).toEqual({
      z0: 'https://upload.qiniup.com',
      z1: 'https://upload-z1.qiniup.com',
      z2: 'https://upload-z2.qiniup.com',
      na0: 'https://upload-na0.qiniup.com',
      as0: 'https://upload-as0.qiniup.com',
      'cn-east-2': 'https://upload-cn-east-2.qiniup.com',
    });
  });
});
