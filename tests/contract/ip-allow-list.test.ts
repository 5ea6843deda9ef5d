/**
 * The per-app IP allow list (platform-shell §2; server/access/ip-allow-list.ts): an admin saves it
 * on the app row (checked entry by entry, never locking the admin out), and every /api/ call of
 * the app from another address answers P4018 with the message in the caller's language and
 * changes nothing — signed-in calls, writes, and the public sign-in calls naming the app; the
 * app info stays open so the shell can show the notice. IPv4, IPv6, CIDR ranges of both, the
 * IPv4-mapped form. Also the app page's picture settings (logo, login_cover). Through the real
 * server on each test database; the client address is inject's remoteAddress.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const API = '/api/common/tessera_sys_app';
const BLOCKED_ZH = '当前IP不在白名单内，禁止访问';
const BLOCKED_EN = 'Your IP address is not allowed to access this application';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let otherAppId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    otherAppId = await t.seedApp('other');
    admin = await t.signIn();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const stored = async () =>
    (await t.db.db.selectFrom(t.tables.app).selectAll().where('id', '=', t.demoAppId).executeTakeFirstOrThrow())
      .ip_allow_list as string | null;
  const save = (ip_allow_list: unknown, ip = '127.0.0.1', lang: 'zh' | 'en' = 'zh') =>
    t.request({ method: 'PUT', url: `${API}/${t.demoAppId}`, token: admin, ip, lang, body: { ip_allow_list } });
  const userInfo = (ip: string, lang: 'zh' | 'en' = 'zh') =>
    t.request({ url: '/api/auth/userInfo', token: admin, ip, lang });
  const depts = async () =>
    (await t.db.db.selectFrom(t.tables.dept).select('id').where('app_id', '=', t.demoAppId).execute()).length;

  // Each test starts from an open app; the list is cleared straight in the database (the recovery
  // docs/decisions.md describes) and the app cache forgotten, as a restart would.
  beforeEach(async () => {
    await t.db.db.updateTable(t.tables.app).set({ ip_allow_list: null }).where('id', '=', t.demoAppId).execute();
    t.app.tessera.apps.invalidate();
  });

  describe('saving', () => {
    it('stores addresses and ranges one per line, from lines and commas; empty means everyone', async () => {
      const reply = await save(' 127.0.0.1 ,10.0.0.0/8\n\n::1\r\nfd00::/8 ');
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(await stored()).toBe('127.0.0.1\n10.0.0.0/8\n::1\nfd00::/8');
      expect(reply.body.data.ip_allow_list).toBe('127.0.0.1\n10.0.0.0/8\n::1\nfd00::/8');
      expect((await save('  \n , ')).body.code).toBe(ResultCode.SUCCESS);
      expect(await stored()).toBeNull();
    });

    it('refuses a bad entry, naming it, and saves nothing', async () => {
      await save('127.0.0.1');
      const cases: [unknown, string][] = [
        ['127.0.0.1\n300.1.1.1', '300.1.1.1'],
        ['127.0.0.1, localhost', 'localhost'],
        ['127.0.0.0/33', '127.0.0.0/33'],
        ['127.0.0.0/x', '127.0.0.0/x'],
        ['127.0.0.1/', '127.0.0.1/'],
        ['::1/129', '::1/129'],
        ['127.0.0.1 10.0.0.1', '127.0.0.1 10.0.0.1'],
        [12345, '12345'],
      ];
      for (const [list, entry] of cases) {
        const reply = await save(list);
        expect(reply.body.code, String(list)).toBe(ResultCode.BAD_REQUEST);
        expect(reply.body.message).toBe(`IP 白名单中的 ${entry} 不是有效的 IP 地址或 CIDR 网段`);
      }
      const en = await save('127.0.0.1,nonsense', '127.0.0.1', 'en');
      expect(en.body.message).toBe('nonsense in the IP allow list is not a valid IP address or CIDR range');
      expect(await stored()).toBe('127.0.0.1');
    });

    it('refuses a list without the saving admin’s own address, and saves nothing', async () => {
      const reply = await save('10.0.0.0/8\n192.168.1.1');
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toBe('IP 白名单不包含您当前的 IP（127.0.0.1），保存后您将无法访问本应用');
      const en = await save('::1', '127.0.0.1', 'en');
      expect(en.body.message).toBe(
        'The IP allow list does not include your own address (127.0.0.1): saving it would lock you out',
      );
      expect(await stored()).toBeNull();
      // From an address on the list the same list is fine.
      expect((await save('10.0.0.0/8', '10.20.30.40')).body.code).toBe(ResultCode.SUCCESS);
      expect(await stored()).toBe('10.0.0.0/8');
    });

    it('is not part of the public app info', async () => {
      await save('127.0.0.1');
      const info = await t.request({ url: '/api/app/demo' });
      expect(info.body.code).toBe(ResultCode.SUCCESS);
      expect(JSON.stringify(info.body.data)).not.toContain('127.0.0.1');
      expect(info.body.data).not.toHaveProperty('ip_allow_list');
    });
  });

  describe('a list that excludes the caller', () => {
    beforeEach(async () => {
      // Saved by the admin from inside the range, so the save itself is allowed.
      expect((await save('10.0.0.0/8', '10.0.0.7')).body.code).toBe(ResultCode.SUCCESS);
    });

    it('refuses signed-in calls with P4018 in the caller’s language; the range lets its members in', async () => {
      const zh = await userInfo('127.0.0.1');
      expect(zh.status).toBe(200);
      expect(zh.body).toEqual({ code: ResultCode.IP_BLOCKED, message: BLOCKED_ZH, data: null });
      expect((await userInfo('127.0.0.1', 'en')).body.message).toBe(BLOCKED_EN);
      expect((await userInfo('10.255.0.1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('11.0.0.1')).body.code).toBe(ResultCode.IP_BLOCKED);
    });

    it('changes nothing: writes and the app row itself are refused', async () => {
      const before = await depts();
      const created = await t.request({
        url: '/api/common/tessera_sys_dept',
        token: admin,
        ip: '127.0.0.1',
        body: { name: '不应保存' },
      });
      expect(created.body.code).toBe(ResultCode.IP_BLOCKED);
      expect(await depts()).toBe(before);
      const opened = await save('', '127.0.0.1');
      expect(opened.body.code).toBe(ResultCode.IP_BLOCKED);
      expect(await stored()).toBe('10.0.0.0/8');
    });

    it('refuses the public sign-in calls naming the app, however they name it; no session is opened', async () => {
      const picture = await t.request({ url: '/api/auth/getPicCode?identify=demo', ip: '127.0.0.1' });
      expect(picture.body.code).toBe(ResultCode.IP_BLOCKED);
      const sessions = async () => (await t.db.db.selectFrom(t.tables.session).select('token_hash').execute()).length;
      const before = await sessions();
      const code = await t.request({ url: '/api/auth/getPicCode?identify=demo', ip: '10.0.0.9' });
      const login = await t.request({
        url: '/api/auth/login',
        ip: '127.0.0.1',
        body: {
          identify: 'demo',
          account: 'admin',
          password: 'Tessera@2026',
          codeKey: code.body.data.codeKey,
          code: TEST_CAPTCHA,
        },
      });
      expect(login.body.code).toBe(ResultCode.IP_BLOCKED);
      expect(login.headers.authorization).toBeUndefined();
      expect(await sessions()).toBe(before);
      const sms = await t.request({
        url: '/api/auth/sendSmsCode',
        ip: '127.0.0.1',
        body: { identify: 'demo', mobile: '13800000000', type: 'login' },
      });
      expect(sms.body.code).toBe(ResultCode.IP_BLOCKED);
      // Naming another app in the query does not help while the header names this one.
      const sneaky = await t.request({
        url: '/api/auth/getPicCode?identify=other',
        ip: '127.0.0.1',
        headers: { 'x-sec-identity-id': t.demoAppId },
      });
      expect(sneaky.body.code).toBe(ResultCode.IP_BLOCKED);
    });

    it('leaves the app info, health and other apps open', async () => {
      const info = await t.request({ url: '/api/app/demo', ip: '127.0.0.1' });
      expect(info.body.code).toBe(ResultCode.SUCCESS);
      expect(info.body.data.identify).toBe('demo');
      expect((await t.request({ url: '/api/health', ip: '127.0.0.1' })).body.code).toBe(ResultCode.SUCCESS);
      const other = await t.request({ url: '/api/auth/getPicCode?identify=other', ip: '127.0.0.1' });
      expect(other.body.code).toBe(ResultCode.SUCCESS);
      expect(otherAppId).not.toBe(t.demoAppId);
    });

    it('opens again at once when the list is cleared from an address on it', async () => {
      expect((await userInfo('127.0.0.1')).body.code).toBe(ResultCode.IP_BLOCKED);
      expect((await save('', '10.1.1.1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('127.0.0.1')).body.code).toBe(ResultCode.SUCCESS);
    });
  });

  describe('IPv6', () => {
    it('matches the IPv6 loopback and IPv6 ranges, and IPv4-mapped addresses against IPv4 entries', async () => {
      expect((await save('::1\nfd00::/8', '::1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('::1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('0:0:0:0:0:0:0:1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('fd12:3456::5')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('fe80::1')).body.code).toBe(ResultCode.IP_BLOCKED);
      expect((await userInfo('127.0.0.1')).body.code).toBe(ResultCode.IP_BLOCKED);

      expect((await save('127.0.0.1', '::1')).body.code).toBe(ResultCode.BAD_REQUEST);
      expect((await save('127.0.0.0/24\n::1', '::1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('::ffff:127.0.0.5')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('127.0.0.1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('10.0.0.1')).body.code).toBe(ResultCode.IP_BLOCKED);
      // The saving admin's IPv4-mapped address counts as its IPv4 form.
      expect((await save('127.0.0.0/24', '::ffff:127.0.0.1')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('::1')).body.code).toBe(ResultCode.IP_BLOCKED);
    });
  });

  describe('picture settings of the app page', () => {
    const put = (body: Record<string, unknown>) =>
      t.request({ method: 'PUT', url: `${API}/${t.demoAppId}`, token: admin, body });
    const pictures = () =>
      t.db.db
        .selectFrom(t.tables.app)
        .select(['logo', 'login_cover'])
        .where('id', '=', t.demoAppId)
        .executeTakeFirstOrThrow();

    it('saves an https URL, a site path or a data:image picture, served by the app info', async () => {
      const png = 'data:image/png;base64,iVBORw0KGgo=';
      expect((await put({ logo: ' https://cdn.example.com/logo.png ', login_cover: '/covers/a.jpg' })).body.code).toBe(
        ResultCode.SUCCESS,
      );
      expect(await pictures()).toEqual({ logo: 'https://cdn.example.com/logo.png', login_cover: '/covers/a.jpg' });
      expect((await put({ logo: png, login_cover: '' })).body.code).toBe(ResultCode.SUCCESS);
      const info = (await t.request({ url: '/api/app/demo' })).body.data;
      expect(info).toMatchObject({ logo: png, login_cover: null });
    });

    it('refuses anything else, naming the field, and saves nothing', async () => {
      const before = await pictures();
      const cases: [Record<string, unknown>, string][] = [
        [{ logo: 'javascript:alert(1)' }, 'logo'],
        [{ logo: 'data:text/html;base64,PHNjcmlwdD4=' }, 'logo'],
        [{ login_cover: 'https://x.example/a.png); background: url(https://evil.example/' }, 'login_cover'],
        [{ login_cover: 'https://user:pw@x.example/a.png' }, 'login_cover'],
        [{ logo: '//evil.example/a.png' }, 'logo'],
        [{ logo: 'logo.png' }, 'logo'],
        [{ logo: { url: 'https://x.example/a.png' } }, 'logo'],
      ];
      for (const [body, field] of cases) {
        const reply = await put(body);
        expect(reply.body.code, JSON.stringify(body)).toBe(ResultCode.BAD_REQUEST);
        expect(reply.body.message).toBe(`${field} 须为 http(s) 地址、以 / 开头的站内路径或 data:image 图片`);
      }
      expect(await pictures()).toEqual(before);
    });
  });
});

// Behind a reverse proxy (TRUST_PROXY): the forwarded address is checked, but only when the
// request comes from the named proxy; anyone else's X-Forwarded-For is ignored.
forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { env: { TRUST_PROXY: '127.0.0.1' } });
    admin = await t.signIn();
    await t.db.db
      .updateTable(t.tables.app)
      .set({ ip_allow_list: '203.0.113.0/24' })
      .where('id', '=', t.demoAppId)
      .execute();
    t.app.tessera.apps.invalidate();
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const userInfo = (ip: string, forwardedFor: string) =>
    t.request({ url: '/api/auth/userInfo', token: admin, ip, headers: { 'x-forwarded-for': forwardedFor } });

  describe('TRUST_PROXY', () => {
    it('checks the address the trusted proxy forwards, and ignores the header from anyone else', async () => {
      expect((await userInfo('127.0.0.1', '203.0.113.5')).body.code).toBe(ResultCode.SUCCESS);
      expect((await userInfo('127.0.0.1', '198.51.100.1')).body.code).toBe(ResultCode.IP_BLOCKED);
      expect((await userInfo('10.0.0.5', '203.0.113.5')).body.code).toBe(ResultCode.IP_BLOCKED);
    });
  });
});
