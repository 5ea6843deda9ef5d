/**
 * Disk full on upload: the local file storage (FILES_DIR) sits on a real 1 MB tmpfs, mounted by
 * the test, so the kernel itself answers ENOSPC part-way through the write. The user gets HTTP 507
 * P5070 "storage full" in their language; the partial file is removed; no file row points at
 * missing bytes; files stored before stay readable; once space is freed the same upload works.
 *
 * Mounting needs root (or CAP_SYS_ADMIN), as this fault suite's machines have; without it the
 * suite fails with a message saying so rather than pretend.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readdirSync, rmSync, rmdirSync, statfsSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { PNG_1PX } from '../../fixtures/files/samples';
import { multipartBody } from '../../fixtures/files/multipart';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const KB = 1024;

function mountTinyDisk(): string {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-full-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m,mode=0700', 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmdirSync(dir);
    throw new Error(
      `disk-full fault test: cannot mount a 1 MB tmpfs (needs root or CAP_SYS_ADMIN): ${String((error as Error).message)}`,
      { cause: error },
    );
  }
  return dir;
}

/** Writes a filler file until the disk answers ENOSPC; answers its path. */
function fillDisk(dir: string): string {
  const path = join(dir, 'filler');
  const fd = openSync(path, 'w');
  const block = Buffer.alloc(16 * KB, 1);
  try {
    for (;;) writeSync(fd, block);
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOSPC') throw error;
  } finally {
    closeSync(fd);
  }
  return path;
}

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let disk: string;
  const saved = process.env.FILES_DIR;

  beforeAll(async () => {
    disk = mountTinyDisk();
    process.env.FILES_DIR = disk;
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    if (disk) {
      execFileSync('umount', [disk]);
      rmSync(disk, { recursive: true, force: true });
    }
    if (saved === undefined) delete process.env.FILES_DIR;
    else process.env.FILES_DIR = saved;
  });

  const upload = async (name: string, data: Buffer, lang?: 'en') => {
    const body = multipartBody([{ name, data }]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/files/upload',
      headers: { ...body.headers, authorization: admin, ...(lang ? { 'x-lang': lang } : {}) },
      payload: body.payload,
    });
    return { status: response.statusCode, body: response.json() };
  };
  const storedFiles = () =>
    readdirSync(disk, { recursive: true, withFileTypes: true })
      .filter((e) => e.isFile() && e.name !== 'filler')
      .map((e) => e.name);
  const fileRows = async () => (await t.db.db.selectFrom('tessera_sys_file').select('id').execute()).map((r) => r.id);
  const download = (url: string) => t.app.inject({ method: 'GET', url: `/${url}`, headers: { authorization: admin } });

  it('a file larger than the free space: 507 P5070 in the user’s language, partial bytes removed, no row', async () => {
    const kept = await upload('kept.png', PNG_1PX);
    expect(kept.body.code).toBe(ResultCode.SUCCESS);
    const before = { files: storedFiles(), rows: await fileRows() };

    const big = Buffer.concat([PNG_1PX, randomBytes(2048 * KB)]);
    const zh = await upload('大图.png', big);
    expect(zh.status).toBe(507);
    expect(zh.body).toEqual({
      code: ResultCode.STORAGE_FULL,
      message: '服务器存储空间已满，文件未保存，请联系管理员',
      data: null,
    });
    const en = await upload('big.png', big, 'en');
    expect(en.body.message).toBe('The server’s storage is full; the file was not saved. Contact your administrator');

    // The kernel took about 1 MB of each before ENOSPC; none of it is left, nothing points at it.
    expect(storedFiles()).toEqual(before.files);
    expect(await fileRows()).toEqual(before.rows);
    const free = statfsSync(disk);
    expect(free.bavail * free.bsize).toBeGreaterThan(900 * KB);
    // What was stored before is untouched.
    const got = await download(kept.body.data.url);
    expect(got.rawPayload.equals(PNG_1PX)).toBe(true);
  });

  it('a full disk refuses even a tiny upload; once space is freed the same upload works', async () => {
    const filler = fillDisk(disk);
    const rowsBefore = await fileRows();
    const refused = await upload('头像.png', PNG_1PX);
    expect(refused.status).toBe(507);
    expect(refused.body.code).toBe(ResultCode.STORAGE_FULL);
    expect(await fileRows()).toEqual(rowsBefore);

    rmSync(filler);
    const stored = await upload('头像.png', PNG_1PX);
    expect(stored.body.code).toBe(ResultCode.SUCCESS);
    expect((await fileRows()).length).toBe(rowsBefore.length + 1);
    const got = await download(stored.body.data.url);
    expect(got.statusCode).toBe(200);
    expect(got.rawPayload.equals(PNG_1PX)).toBe(true);
  });
});
