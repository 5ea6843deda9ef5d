/**
 * FILES_STORAGE=qiniu: the file API unchanged for clients (same URLs, checks and headers) while the
 * bytes live in a bucket, here the loopback fake, which checks every upload, private-download and
 * delete signature the way Qiniu does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { HTML_PAGE, PDF_MINI, PNG_1PX } from '../../fixtures/files/samples';
import { multipartBody } from '../../fixtures/files/multipart';
import { QiniuStorage } from '../../server/files/qiniu-storage';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startFakeQiniu, type FakeQiniu } from '../fakes/qiniu/server';

const KEYS = { accessKey: 'AK_store', secretKey: 'SK_store_secret' };
const ENV = [
  'FILES_STORAGE',
  'QINIU_ACCESS_KEY',
  'QINIU_SECRET_KEY',
  'QINIU_UPLOAD_URL',
  'QINIU_BUCKET',
  'QINIU_DOWNLOAD_URL',
  'QINIU_RS_URL',
] as const;

async function streamBytes(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe('QiniuStorage against the fake', () => {
  let fake: FakeQiniu;
  beforeAll(async () => {
    fake = await startFakeQiniu({ keys: { [KEYS.accessKey]: KEYS.secretKey }, buckets: ['store-b'] });
  });
  afterAll(() => fake?.close());

  const storage = (secretKey = KEYS.secretKey) =>
    new QiniuStorage({
      credentials: { accessKey: KEYS.accessKey, secretKey },
      bucket: 'store-b',
      uploadUrl: fake.url,
      downloadUrl: fake.url,
      rsUrl: fake.url,
    });

  it('puts under app/key, reads back through a signed URL, deletes with QBox auth', async () => {
    const key = 'a'.repeat(32);
    await storage().put('app1', key, PDF_MINI, { mime: 'application/pdf' });
    expect(fake.objects.get(`store-b/app1/${key}`)?.data.equals(PDF_MINI)).toBe(true);
    expect(await streamBytes((await storage().get('app1', key))!)).toEqual(PDF_MINI);
    // The fake ignores Range (answers 200 with everything): the storage cuts the range out itself.
    expect(await streamBytes((await storage().get('app1', key, { start: 2, end: 6 }))!)).toEqual(
      PDF_MINI.subarray(2, 7),
    );
    expect(await storage().get('app1', 'b'.repeat(32))).toBeUndefined();
    // insertOnly: the same key is never overwritten.
    await expect(storage().put('app1', key, PNG_1PX, { mime: 'image/png' })).rejects.toThrow(/HTTP 614/);
    await storage().remove('app1', key);
    expect(fake.objects.has(`store-b/app1/${key}`)).toBe(false);
  });

  it('a wrong secret is refused by the fake for upload, download and delete, and never in the error', async () => {
    const wrong = storage('not-the-secret');
    const error = await wrong.put('app1', 'c'.repeat(32), PNG_1PX, { mime: 'image/png' }).catch((e: Error) => e);
    expect(String(error)).toContain('HTTP 401');
    expect(String(error)).not.toContain('not-the-secret');
    await storage().put('app1', 'd'.repeat(32), PNG_1PX, { mime: 'image/png' });
    await expect(wrong.get('app1', 'd'.repeat(32))).rejects.toThrow(/HTTP 401/);
    await expect(wrong.remove('app1', 'd'.repeat(32))).rejects.toThrow(/HTTP 401/);
    expect(() => wrong.downloadUrl('../x', 'd'.repeat(32))).toThrow(/unsafe/);
  });
});

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let fake: FakeQiniu;
  const saved = Object.fromEntries(ENV.map((k) => [k, process.env[k]]));

  beforeAll(async () => {
    fake = await startFakeQiniu({ keys: { [KEYS.accessKey]: KEYS.secretKey }, buckets: ['server-b'] });
    Object.assign(process.env, {
      FILES_STORAGE: 'qiniu',
      QINIU_ACCESS_KEY: KEYS.accessKey,
      QINIU_SECRET_KEY: KEYS.secretKey,
      QINIU_UPLOAD_URL: fake.url,
      QINIU_BUCKET: 'server-b',
      QINIU_DOWNLOAD_URL: fake.url,
      QINIU_RS_URL: fake.url,
    });
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

  const upload = async (name: string, data: Buffer) => {
    const body = multipartBody([{ name, data }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...body.headers, authorization: admin },
      payload: body.payload,
    });
    return response.json();
  };

  it('uploads into the bucket and downloads through the API with the same safe headers', async () => {
    const reply = await upload('合同.pdf', PDF_MINI);
    expect(reply.code).toBe(ResultCode.SUCCESS);
    const key = reply.data.url.split('/').pop();
    expect(fake.objects.get(`server-b/${t.demoAppId}/${key}`)?.data.equals(PDF_MINI)).toBe(true);
    const row = await t.db.db
      .selectFrom('tessera_sys_file')
      .selectAll()
      .where('id', '=', key)
      .executeTakeFirstOrThrow();
    expect(row.storage).toBe('qiniu');
    const got = await t.app.inject({ method: 'GET', url: `/${reply.data.url}`, headers: { authorization: admin } });
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PDF_MINI)).toBe(true);
    expect(got.headers['content-type']).toBe('application/pdf');
    expect(got.headers['x-content-type-options']).toBe('nosniff');
    expect(String(got.headers['content-disposition'])).toMatch(/^attachment;/);
  });

  it('checks content before anything reaches the bucket', async () => {
    const before = fake.objects.size;
    expect((await upload('x.png', HTML_PAGE)).message).toBe('文件内容与文件类型不符');
    expect(fake.objects.size).toBe(before);
  });
});
