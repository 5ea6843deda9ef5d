/**
 * The file API per database: upload checks (type by extension and by content, size, file names),
 * what is stored (a server key on disk, the name in the file table), and downloads (attachment,
 * nosniff, inert types, same app only, signed-in only).
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { HTML_PAGE, PDF_MINI, PNG_1PX, SVG_WITH_SCRIPT, TEXT_NOTE, MP4_HEAD } from '../../fixtures/files/samples';
import { multipartBody } from '../../fixtures/files/multipart';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const MAX = 64 * 1024;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let filesDir: string;
  const saved = { FILES_DIR: process.env.FILES_DIR, FILES_MAX_BYTES: process.env.FILES_MAX_BYTES };

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-files-'));
    process.env.FILES_DIR = filesDir;
    process.env.FILES_MAX_BYTES = String(MAX);
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(filesDir, { recursive: true, force: true });
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  });

  async function upload(name: string, data: Buffer, options: { token?: string; accept?: string; lang?: 'en' } = {}) {
    const body = multipartBody([{ name, data }]);
    const query = options.accept ? `?accept=${encodeURIComponent(options.accept)}` : '';
    const headers: Record<string, string> = { ...body.headers };
    if (options.token !== undefined) headers.authorization = options.token;
    else headers.authorization = admin;
    if (options.lang) headers['x-lang'] = options.lang;
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/files/upload${query}`,
      headers,
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  }

  const download = (url: string, token: string | null = admin) =>
    t.app.inject({ method: 'GET', url: `/${url}`, headers: token ? { authorization: token } : {} });
  const storedFiles = () =>
    existsSync(filesDir)
      ? readdirSync(filesDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
      : [];
  const fileRows = () => t.db.db.selectFrom('tessera_sys_file').selectAll().execute();

  describe('upload', () => {
    it('stores a PNG under a server key and answers url, name, size and type', async () => {
      const reply = await upload('头像 🚀.png', PNG_1PX, { accept: 'png,jpg' });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const { url, name, size, type } = reply.body.data;
      expect(url).toMatch(/^api\/files\/download\/[0-9a-f]{32}$/);
      expect({ name, size, type }).toEqual({ name: '头像 🚀.png', size: PNG_1PX.length, type: 'image/png' });
      const key = url.split('/').pop();
      const onDisk = join(filesDir, t.demoAppId, key);
      expect(readFileSync(onDisk).equals(PNG_1PX)).toBe(true);
      const row = (await fileRows()).find((r) => r.id === key)!;
      expect(row).toMatchObject({ app_id: t.demoAppId, name: '头像 🚀.png', ext: 'png', storage: 'local' });
      expect(Number(row.size)).toBe(PNG_1PX.length);

      const got = await download(url);
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PNG_1PX)).toBe(true);
      expect(got.headers['content-type']).toBe('image/png');
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-disposition']).toBe(
        `attachment; filename="__ _.png"; filename*=UTF-8''${encodeURIComponent('头像 🚀.png')}`,
      );
    });

    it('refuses a type outside the accept list, and one the server does not store, with 文件类型不正确', async () => {
      const before = storedFiles().length;
      const byAccept = await upload('doc.pdf', PDF_MINI, { accept: 'png,jpg' });
      expect(byAccept.body).toEqual({ code: ResultCode.BAD_REQUEST, message: '文件类型不正确', data: null });
      const html = await upload('page.html', HTML_PAGE);
      expect(html.body.message).toBe('文件类型不正确');
      const noExt = await upload('../../etc/passwd', Buffer.from('root:x:0:0'));
      expect(noExt.body.message).toBe('文件类型不正确');
      const en = await upload('run.exe', Buffer.from('MZ'), { lang: 'en' });
      expect(en.body.message).toBe('Incorrect file type');
      expect(storedFiles().length).toBe(before);
    });

    it('refuses content that does not match the extension (HTML named .png, text named .mp4)', async () => {
      const before = (await fileRows()).length;
      const disguised = await upload('cat.png', HTML_PAGE, { accept: 'png' });
      expect(disguised.body).toEqual({ code: ResultCode.BAD_REQUEST, message: '文件内容与文件类型不符', data: null });
      expect((await upload('clip.mp4', TEXT_NOTE)).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await upload('note.txt', HTML_PAGE)).body.message).toBe('文件内容与文件类型不符');
      expect((await upload('clip.mp4', MP4_HEAD, { accept: 'video/*' })).body.code).toBe(ResultCode.SUCCESS);
      expect((await fileRows()).length).toBe(before + 1);
    });

    it('refuses a file over the size limit and stores nothing', async () => {
      const before = storedFiles().length;
      const big = Buffer.concat([PNG_1PX, Buffer.alloc(MAX)]);
      const reply = await upload('big.png', big);
      expect(reply.body).toEqual({ code: ResultCode.BAD_REQUEST, message: '文件大小不能超过 64 KB', data: null });
      expect(storedFiles().length).toBe(before);
    });

    it('never uses the client name as a path: ../../etc/passwd.png is stored under a key, named passwd.png', async () => {
      const reply = await upload('../../etc/passwd.png', PNG_1PX);
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.name).toBe('passwd.png');
      const key = reply.body.data.url.split('/').pop();
      expect(existsSync(join(filesDir, t.demoAppId, key))).toBe(true);
      expect(storedFiles().every((f) => /^[0-9a-f]{32}$/.test(f.name))).toBe(true);
      const windows = await upload('..\\..\\boot.ini.png', PNG_1PX);
      expect(windows.body.data.name).toBe('boot.ini.png');
    });

    it('refuses uploads without a session, and requests without a file', async () => {
      const before = storedFiles().length;
      const anonymous = await upload('a.png', PNG_1PX, { token: '' });
      expect(anonymous.body.code).toBe(ResultCode.LOGOUT);
      const noFile = multipartBody([], { note: 'x' });
      const empty = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: { authorization: admin, ...noFile.headers },
        payload: noFile.payload,
      });
      expect(empty.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '请选择要上传的文件' });
      const cut = multipartBody([{ name: 'a.png', data: PNG_1PX }]);
      const truncated = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: { authorization: admin, ...cut.headers },
        payload: cut.payload.subarray(0, cut.payload.length - 30),
      });
      expect(truncated.json()).toMatchObject({ code: ResultCode.BAD_REQUEST });
      const two = multipartBody([
        { name: 'a.png', data: PNG_1PX },
        { name: 'b.png', data: PNG_1PX },
      ]);
      const both = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: { authorization: admin, ...two.headers },
        payload: two.payload,
      });
      expect(both.json()).toMatchObject({ code: ResultCode.BAD_REQUEST, message: '最多上传 1 个文件' });
      expect(storedFiles().length).toBe(before);
    });
  });

  it('takes uploads and downloads with sealed headers from an app that requires the envelope (multipart is never sealed)', async () => {
    const spare = await t.signIn();
    await t.db.db.updateTable(t.tables.app).set({ encrypt: 1 }).where('id', '=', t.demoAppId).execute();
    t.app.tessera.apps.invalidate();
    try {
      const publicKey: string = (await t.request({ url: '/api/app/demo' })).body.data.public_key;
      const envelope = new ClientEnvelope(publicKey, { now: () => t.clock.now });
      // The token travels sealed in x-sec-auth (docs/envelope.md); the multipart body as it is.
      const sealed = (method: 'GET' | 'POST', path: string) => {
        const { headers, ctx } = envelope.seal({ method, path, token: admin });
        return { headers: { 'x-sec-identity-id': t.demoAppId, ...headers }, ctx };
      };
      const body = multipartBody([{ name: 'sealed-app.png', data: PNG_1PX }]);
      const up = sealed('POST', '/api/files/upload');
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/files/upload',
        headers: { ...body.headers, ...up.headers },
        payload: body.payload,
      });
      const reply = envelope.open(response.headers, response.json(), up.ctx, response.statusCode) as any;
      expect(reply.code).toBe(ResultCode.SUCCESS);
      const path = `/${reply.data.url}`;
      const got = await t.app.inject({ method: 'GET', url: path, headers: sealed('GET', path).headers });
      expect(got.statusCode).toBe(200);
      expect(got.rawPayload.equals(PNG_1PX)).toBe(true);
      // A token sent in clear to this app is refused and its session ended (it was on the wire).
      const other = await t.app.inject({
        method: 'GET',
        url: '/api/ThirdApi/qiniu/qnToken?bucket=x',
        headers: { authorization: spare },
      });
      expect(other.json().code).toBe(ResultCode.LOGOUT);
    } finally {
      await t.db.db.updateTable(t.tables.app).set({ encrypt: 0 }).where('id', '=', t.demoAppId).execute();
      t.app.tessera.apps.invalidate();
    }
  });

  describe('download', () => {
    it('serves SVG (with script) only as an octet-stream attachment, never inline', async () => {
      const reply = await upload('logo.svg', SVG_WITH_SCRIPT);
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      const got = await download(reply.body.data.url);
      expect(got.headers['content-type']).toBe('application/octet-stream');
      expect(String(got.headers['content-disposition'])).toMatch(/^attachment;/);
      expect(got.headers['x-content-type-options']).toBe('nosniff');
      expect(got.headers['content-security-policy']).toContain('sandbox');
      const text = await upload('note.txt', TEXT_NOTE);
      expect((await download(text.body.data.url)).headers['content-type']).toBe('application/octet-stream');
    });

    it("refuses another app's file with 404, and anonymous or unknown keys", async () => {
      const reply = await upload('own.pdf', PDF_MINI);
      const url: string = reply.body.data.url;
      const otherApp = await t.seedApp(`files_${Date.now()}`);
      await t.addUser('other_files', 'Other@2026x', 'admin', otherApp);
      const [identify] = (
        await t.db.db.selectFrom(t.tables.app).select('identify').where('id', '=', otherApp).execute()
      ).map((r) => r.identify as string);
      const other = await t.signIn('other_files', 'Other@2026x', identify);
      const refused = await download(url, other);
      expect(refused.statusCode).toBe(404);
      expect(refused.json()).toMatchObject({ code: ResultCode.NOT_FOUND });
      expect(refused.rawPayload.includes(PDF_MINI)).toBe(false);

      const anonymous = await download(url, null);
      expect(anonymous.json()).toMatchObject({ code: ResultCode.LOGOUT });
      expect((await download('api/files/download/..%2F..%2Fetc%2Fpasswd')).statusCode).toBe(404);
      expect((await download(`api/files/download/${'0'.repeat(32)}`)).statusCode).toBe(404);
      expect((await download(url)).rawPayload.equals(PDF_MINI)).toBe(true);
    });
  });
});
