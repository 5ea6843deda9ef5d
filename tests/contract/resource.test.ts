/**
 * The file library (issue 16 item 5, docs/resource.md) on each database: folders, uploads into
 * them, listing and search, rename, move, soft delete with the recycle bin and restore, the quota,
 * every change in the operation log, and the bytes served by the file API as attachments.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { PDF_MINI, PNG_1PX, TEXT_NOTE } from '../../fixtures/files/samples';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { listResources, namesOf, uploadResource } from '../helpers/resources';

// 0.001 MB (1048 bytes) of quota: a few small samples fit, a 2 KB file does not.
const QUOTA_MB = '0.001';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let filesDir: string;
  const saved = process.env.FILES_DIR;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    filesDir = mkdtempSync(join(tmpdir(), 'tessera-resource-'));
    process.env.FILES_DIR = filesDir;
    process.env.RESOURCE_QUOTA_MB = QUOTA_MB;
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    rmSync(filesDir, { recursive: true, force: true });
    if (saved === undefined) delete process.env.FILES_DIR;
    else process.env.FILES_DIR = saved;
    delete process.env.RESOURCE_QUOTA_MB;
  });

  const operations = () =>
    t.db.db
      .selectFrom(t.tables.audit_log)
      .select(['action', 'table_name', 'record_id', 'user_id', 'app_id', 'changes'])
      .where('table_name', '=', 'resource')
      .execute();

  describe('file library', () => {
    it('creates folders, nested ones too, and lists them as a flat tree', async () => {
      const docs = await t.request({ url: '/api/resources/folders', token: admin, body: { name: '合同' } });
      expect(docs.body.code).toBe(ResultCode.SUCCESS);
      expect(docs.body.data).toMatchObject({ kind: 'folder', name: '合同', parent_id: null, url: null });
      ids.contracts = docs.body.data.id;
      const sub = await t.request({
        url: '/api/resources/folders',
        token: admin,
        body: { name: '2026', parentId: ids.contracts },
      });
      expect(sub.body.data.parent_id).toBe(ids.contracts);
      ids.year = sub.body.data.id;
      const other = await t.request({ url: '/api/resources/folders', token: admin, body: { name: 'Images' } });
      ids.images = other.body.data.id;

      const folders = await t.request({ url: '/api/resources/folders', token: admin });
      expect(folders.body.data).toEqual(
        expect.arrayContaining([
          { id: ids.contracts, name: '合同', parent_id: null },
          { id: ids.year, name: '2026', parent_id: ids.contracts },
          { id: ids.images, name: 'Images', parent_id: null },
        ]),
      );
      const same = await t.request({ url: '/api/resources/folders', token: admin, body: { name: '合同' }, lang: 'en' });
      expect(same.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(same.body.message).toBe('A folder named “合同” is already here');
    });

    it('uploads files into the root and into a folder; lists folders first, then files by name', async () => {
      const png = await uploadResource(t, admin, 'logo.png', PNG_1PX);
      expect(png.body.code).toBe(ResultCode.SUCCESS);
      expect(png.body.data).toMatchObject({ kind: 'file', name: 'logo.png', ext: 'png', size: PNG_1PX.length });
      expect(png.body.data.url).toMatch(/^api\/files\/download\/[0-9a-f]{32}$/);
      ids.png = png.body.data.id;
      ids.pngUrl = png.body.data.url;
      const pdf = await uploadResource(t, admin, '报价单.pdf', PDF_MINI, { parentId: ids.contracts });
      expect(pdf.body.data.parent_id).toBe(ids.contracts);
      ids.pdf = pdf.body.data.id;
      const note = await uploadResource(t, admin, 'notes.txt', TEXT_NOTE);
      ids.note = note.body.data.id;

      const root = await listResources(t, admin);
      expect(namesOf(root)).toEqual(['Images', '合同', 'logo.png', 'notes.txt']);
      expect(root.body.data.total).toBe(4);
      const inside = await listResources(t, admin, { parentId: ids.contracts });
      expect(namesOf(inside)).toEqual(['2026', '报价单.pdf']);
      const paged = await listResources(t, admin, { current: 2, pageSize: 3 });
      expect(namesOf(paged)).toEqual(['notes.txt']);
      expect(paged.body.data.total).toBe(4);

      // The bytes come back from the file API the previews use, as an attachment.
      const download = await t.app.inject({ url: `/${ids.pngUrl}`, headers: { authorization: admin } });
      expect(download.statusCode).toBe(200);
      expect(download.rawPayload.equals(PNG_1PX)).toBe(true);
      expect(download.headers['content-disposition']).toMatch(/^attachment;/);
      expect(download.headers['x-content-type-options']).toBe('nosniff');
    });

    it('answers the quota used and refuses an upload past it, storing nothing', async () => {
      const quota = await t.request({ url: '/api/resources/quota', token: admin });
      const used = PNG_1PX.length + PDF_MINI.length + TEXT_NOTE.length;
      expect(quota.body.data).toEqual({ used, quota: 1048 });
      const before = await listResources(t, admin);
      const big = await uploadResource(t, admin, 'big.txt', Buffer.alloc(2048, 'a'), { lang: 'en' });
      expect(big.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(big.body.message).toContain('quota of 1 KB would be exceeded');
      const zh = await uploadResource(t, admin, 'big.txt', Buffer.alloc(2048, 'a'));
      expect(zh.body.message).toContain('超出本应用的文件空间配额 1 KB');
      expect((await listResources(t, admin)).body.data.total).toBe(before.body.data.total);
    });

    it('searches names across every folder, case-insensitively, with % and _ taken literally', async () => {
      expect(namesOf(await listResources(t, admin, { keyword: '报价' }))).toEqual(['报价单.pdf']);
      expect(namesOf(await listResources(t, admin, { keyword: 'LOGO' }))).toEqual(['logo.png']);
      expect(namesOf(await listResources(t, admin, { keyword: '%' }))).toEqual([]);
      expect(namesOf(await listResources(t, admin, { keyword: '_' }))).toEqual([]);
    });

    it('renames a file (keeping its extension) and a folder; the download name follows', async () => {
      const renamed = await t.request({
        method: 'PUT',
        url: `/api/resources/${ids.png}`,
        token: admin,
        body: { name: '品牌标志.png' },
      });
      expect(renamed.body.data.name).toBe('品牌标志.png');
      const download = await t.app.inject({ url: `/${ids.pngUrl}`, headers: { authorization: admin } });
      expect(String(download.headers['content-disposition'])).toContain(encodeURIComponent('品牌标志.png'));
      const ext = await t.request({
        method: 'PUT',
        url: `/api/resources/${ids.png}`,
        token: admin,
        body: { name: 'logo.html' },
        lang: 'en',
      });
      expect(ext.body.message).toBe('Keep the extension .png when renaming');
      const folder = await t.request({
        method: 'PUT',
        url: `/api/resources/${ids.images}`,
        token: admin,
        body: { name: '图片' },
      });
      expect(folder.body.data.name).toBe('图片');
      expect(namesOf(await listResources(t, admin))).toEqual(['合同', '图片', 'notes.txt', '品牌标志.png']);
    });

    it('moves files and folders; never a folder into itself or below it', async () => {
      const move = await t.request({
        url: '/api/resources/move',
        token: admin,
        body: { ids: [ids.png, ids.note], parentId: ids.images },
      });
      expect(move.body.data).toEqual({ moved: 2 });
      expect(namesOf(await listResources(t, admin, { parentId: ids.images }))).toEqual(['notes.txt', '品牌标志.png']);
      const loop = await t.request({
        url: '/api/resources/move',
        token: admin,
        body: { ids: [ids.contracts], parentId: ids.year },
        lang: 'en',
      });
      expect(loop.body.message).toBe('A folder cannot be moved into itself or one of its subfolders');
      const self = await t.request({
        url: '/api/resources/move',
        token: admin,
        body: { ids: [ids.contracts], parentId: ids.contracts },
      });
      expect(self.body.code).toBe(ResultCode.BAD_REQUEST);
      const back = await t.request({
        url: '/api/resources/move',
        token: admin,
        body: { ids: [ids.note], parentId: null },
      });
      expect(back.body.code).toBe(ResultCode.SUCCESS);
      expect(namesOf(await listResources(t, admin))).toEqual(['合同', '图片', 'notes.txt']);
    });

    it('soft-deletes a folder with everything in it; the bin lists the folder; restore brings all back', async () => {
      const pdf = (await listResources(t, admin, { parentId: ids.contracts })).body.data.list.find(
        (r: any) => r.name === '报价单.pdf',
      );
      const del = await t.request({
        method: 'DELETE',
        url: '/api/resources',
        token: admin,
        body: { ids: [ids.contracts] },
      });
      expect(del.body.data).toEqual({ deleted: 3 });
      expect(namesOf(await listResources(t, admin))).toEqual(['图片', 'notes.txt']);
      expect(namesOf(await listResources(t, admin, { keyword: '报价' }))).toEqual([]);
      const folders = await t.request({ url: '/api/resources/folders', token: admin });
      expect(folders.body.data.map((f: any) => f.name)).toEqual(['图片']);
      // A deleted file is not served, and does not count against the quota.
      const gone = await t.app.inject({ url: `/${pdf.url}`, headers: { authorization: admin } });
      expect(gone.statusCode).toBe(404);
      const quota = await t.request({ url: '/api/resources/quota', token: admin });
      expect(quota.body.data.used).toBe(PNG_1PX.length + TEXT_NOTE.length);

      const bin = await listResources(t, admin, { deleted: 1 });
      expect(namesOf(bin)).toEqual(['合同']);
      const restore = await t.request({ url: '/api/resources/restore', token: admin, body: { ids: [ids.contracts] } });
      expect(restore.body.data).toEqual({ restored: 3 });
      expect(namesOf(await listResources(t, admin, { parentId: ids.contracts }))).toEqual(['2026', '报价单.pdf']);
      expect((await t.app.inject({ url: `/${pdf.url}`, headers: { authorization: admin } })).statusCode).toBe(200);
      expect(namesOf(await listResources(t, admin, { deleted: 1 }))).toEqual([]);
    });

    it('restores an item whose folder is still deleted at the root', async () => {
      await t.request({ method: 'DELETE', url: '/api/resources', token: admin, body: { ids: [ids.note] } });
      await t.request({ method: 'DELETE', url: '/api/resources', token: admin, body: { ids: [ids.year] } });
      await t.request({ url: '/api/resources/move', token: admin, body: { ids: [ids.png], parentId: null } });
      await t.request({ method: 'DELETE', url: '/api/resources', token: admin, body: { ids: [ids.images] } });
      expect(namesOf(await listResources(t, admin, { deleted: 1 })).sort()).toEqual(
        ['2026', 'notes.txt', '图片'].sort(),
      );
      const restore = await t.request({ url: '/api/resources/restore', token: admin, body: { ids: [ids.note] } });
      expect(restore.body.data).toEqual({ restored: 1 });
      expect(namesOf(await listResources(t, admin))).toContain('notes.txt');
    });

    it('writes every change to the operation log under the session user and app', async () => {
      const rows = await operations();
      const actions = rows.map((row) => row.action);
      expect(actions.filter((a) => a === 'create')).toHaveLength(6);
      expect(actions).toContain('update');
      expect(actions).toContain('delete');
      expect(rows.every((row) => row.app_id === t.demoAppId && row.user_id)).toBe(true);
      expect(rows.some((row) => row.record_id === ids.png && String(row.changes).includes('品牌标志.png'))).toBe(true);
    });
  });
});
