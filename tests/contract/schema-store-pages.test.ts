/**
 * Admins' overrides of committed system pages, on every database: the committed page serves until
 * an admin saves an override (validated, versioned, conflict-checked); the override then serves;
 * a reset brings the committed page back. Unknown page keys and path tricks are not found.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const DEPT = JSON.parse(readFileSync('schemas/pages/system/dept.json', 'utf8'));
const { $schema: _meta, ...COMMITTED } = DEPT;

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const page = () => t.request({ url: '/api/page/system/dept', token: admin });

  it('serves the committed page until an override is saved, then the override, then the committed one after a reset', async () => {
    const first = await page();
    expect(first.body.data).toMatchObject({ key: 'system/dept', overridden: false, version: 0 });
    expect(first.body.data.schema.title).toEqual(DEPT.title);

    const changed = { ...COMMITTED, title: { zh: '组织架构', en: 'Organisation' } };
    const saved = await t.request({
      method: 'PUT',
      url: '/api/page/system/dept',
      token: admin,
      body: { schema: changed, base_version: 0 },
    });
    expect(saved.body.code).toBe(ResultCode.SUCCESS);
    expect(saved.body.data.version).toBe(1);
    expect((await page()).body.data).toMatchObject({ overridden: true, version: 1, schema: { title: changed.title } });

    const stale = await t.request({
      method: 'PUT',
      url: '/api/page/system/dept',
      token: admin,
      body: { schema: COMMITTED, base_version: 0 },
    });
    expect(stale.body.code).toBe(ResultCode.CONFLICT);
    const invalid = await t.request({
      method: 'PUT',
      url: '/api/page/system/dept',
      token: admin,
      body: { schema: { ...COMMITTED, body: 'x' } },
    });
    expect(invalid.body.code).toBe(ResultCode.BAD_REQUEST);
    expect(invalid.body.data.issues.length).toBeGreaterThan(0);
    const history = await t.request({ url: '/api/page-versions/system/dept', token: admin });
    expect(history.body.data.map((v: { version: number }) => v.version)).toEqual([1]);

    const reset = await t.request({ method: 'DELETE', url: '/api/page/system/dept', token: admin });
    expect(reset.body.data).toMatchObject({ overridden: false });
    expect((await page()).body.data).toMatchObject({ overridden: false, version: 0, schema: { title: DEPT.title } });
  });

  it('lists the live overrides as heads whose tag changes with every save and never repeats after a reset', async () => {
    const heads = async (token = admin) =>
      (await t.request({ url: '/api/page-heads', token })).body.data as Record<string, string>;
    expect(await heads()).toEqual({});
    const save = (title: string, base: number) =>
      t.request({
        method: 'PUT',
        url: '/api/page/system/dept',
        token: admin,
        body: { schema: { ...COMMITTED, title: { zh: title, en: title } }, base_version: base },
      });
    expect((await save('A', 0)).body.code).toBe(ResultCode.SUCCESS);
    const first = (await heads())['system/dept'];
    expect(first).toMatch(/\.1$/);
    expect((await save('B', 1)).body.code).toBe(ResultCode.SUCCESS);
    const second = (await heads())['system/dept'];
    expect(second).toMatch(/\.2$/);
    expect(second).not.toBe(first);

    await t.request({ method: 'DELETE', url: '/api/page/system/dept', token: admin });
    expect(await heads()).toEqual({});
    // Saved again after the reset: version 1 again, but another tag than the first override's.
    expect((await save('C', 0)).body.code).toBe(ResultCode.SUCCESS);
    const third = (await heads())['system/dept'];
    expect(third).toMatch(/\.1$/);
    expect(third).not.toBe(first);

    // Every signed-in user renders system pages, so every signed-in user reads the heads.
    await t.addUser('headsuser', 'Plain@2026x', 'user');
    expect(await heads(await t.signIn('headsuser', 'Plain@2026x'))).toEqual({ 'system/dept': third });
    expect((await t.request({ url: '/api/page-heads' })).body.code).toBe(ResultCode.LOGOUT);
    await t.request({ method: 'DELETE', url: '/api/page/system/dept', token: admin });
  });

  it('refuses unknown keys and non-admin saves', async () => {
    for (const url of ['/api/page/system/nope', '/api/page/../../package', '/api/page/system%2F..%2F..%2Fpackage']) {
      const reply = await t.request({ url, token: admin });
      expect(reply.body.code).toBe(ResultCode.NOT_FOUND);
    }
    await t.addUser('pageuser', 'Plain@2026x', 'user');
    const user = await t.signIn('pageuser', 'Plain@2026x');
    const save = await t.request({
      method: 'PUT',
      url: '/api/page/system/dept',
      token: user,
      body: { schema: COMMITTED },
    });
    expect(save.body.code).toBe(ResultCode.FORBIDDEN);
  });
});
