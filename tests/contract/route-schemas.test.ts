/**
 * Route schemas (issue 13 item 5, docs/conventions.md "Route schemas"): a body, query or path
 * param that does not fit the route's declared schema is answered with P4000 and the catalogue's
 * message naming the field, in the caller's language; sealed requests are checked on the opened
 * body and answered sealed; a caller who is not signed in is told that first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { MAX_PAGE_SIZE } from '../../protocol/constants';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const bad = (message: string) => ({ code: ResultCode.BAD_REQUEST, message, data: null });

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let token: string;
  let sealedApp: { id: string; envelope: ClientEnvelope };

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    token = await t.signIn();
    const id = await t.seedApp('sealed');
    await t.db.db.updateTable(t.tables.app).set({ encrypt: 1 }).where('id', '=', id).execute();
    const info = (await t.request({ url: '/api/app/sealed' })).body.data;
    sealedApp = { id, envelope: new ClientEnvelope(info.public_key, { now: () => t.clock.now }) };
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const login = (body: unknown, lang?: 'zh' | 'en') => t.request({ url: '/api/auth/login', body, lang });
  const good = { identify: 'demo', ...ADMIN, codeKey: 'k', code: TEST_CAPTCHA };

  describe('a sign-in body', () => {
    it('names a missing field, in the caller’s language', async () => {
      const { password: _, ...noPassword } = good;
      expect((await login(noPassword)).body).toEqual(bad('password不能为空'));
      expect((await login(noPassword, 'en')).body).toEqual(bad('password is required'));
      expect((await login({ ...good, account: '   ' }, 'en')).body).toEqual(bad('account is required'));
    });

    it('names a field of the wrong type', async () => {
      expect((await login({ ...good, account: 42 })).body).toEqual(bad('字段 account 应为文本'));
      expect((await login({ ...good, account: ['admin'] }, 'en')).body).toEqual(bad('Field account must be text'));
    });

    it('refuses an unknown property, naming it', async () => {
      expect((await login({ ...good, role: 'admin' })).body).toEqual(bad('不存在的字段：role'));
      expect((await login({ ...good, role: 'admin' }, 'en')).body).toEqual(bad('Unknown field: role'));
    });

    it('refuses a body that is not an object, and a value over its length', async () => {
      expect((await login([good], 'en')).body).toEqual(bad('The request body must be a JSON object'));
      expect((await login({ ...good, account: 'a'.repeat(65) }, 'en')).body).toEqual(
        bad('Field account may not be longer than 64'),
      );
    });

    it('keeps the field rules’ own messages (mobile, password strength, scene)', async () => {
      const send = (body: Record<string, unknown>) =>
        t.request({ url: '/api/auth/sendSmsCode', body: { identify: 'demo', scene: 'login', ...body } });
      expect((await send({ mobile: '12345' })).body).toEqual(bad('手机号格式不正确'));
      expect((await send({ mobile: '13900000009', scene: 'hack' })).body).toEqual(bad('字段 scene 的值格式错误'));
      const register = await t.request({
        url: '/api/auth/register',
        body: { identify: 'demo', mobile: '13900000009', code: '123456', name: 'N', password: 'letters' },
      });
      expect(register.body).toEqual(bad('密码须为 8–120 位，且同时包含字母和数字'));
    });
  });

  describe('a query', () => {
    it('names a missing or unknown query parameter', async () => {
      expect((await t.request({ url: '/api/auth/getPicCode' })).body).toEqual(bad('identify不能为空'));
      expect((await t.request({ url: '/api/auth/getPicCode?identify=demo&x=1', lang: 'en' })).body).toEqual(
        bad('Unknown field: x'),
      );
    });
  });

  describe('the common data API', () => {
    const del = (body: unknown, lang?: 'zh' | 'en') =>
      t.request({ method: 'DELETE', url: '/api/common/customer', body, token, lang });

    it('checks the table and id in the path', async () => {
      const get = await t.request({ url: '/api/common/customer/bad!id', token });
      expect(get.body).toEqual(bad('字段 id 的值格式错误'));
      const table = await t.request({ url: '/api/common/no-such-table/list', body: {}, token, lang: 'en' });
      expect(table.body).toEqual(bad('The value of field table is not valid'));
    });

    it('takes only an object as a record', async () => {
      const reply = await t.request({ url: '/api/common/customer', body: [{ name: 'x' }], token, lang: 'en' });
      expect(reply.body).toEqual(bad('The request body must be a JSON object'));
    });

    it('checks a batch delete’s ids: missing, mistyped, unknown key, too many', async () => {
      expect((await del({ ids: [] })).body).toEqual(bad('请提供要删除的数据 id 列表'));
      expect((await del({}, 'en')).body).toEqual(bad('ids is required'));
      expect((await del({ ids: [7] }, 'en')).body).toEqual(bad('Field ids[0] must be text'));
      expect((await del({ ids: ['a'], force: true }, 'en')).body).toEqual(bad('Unknown field: force'));
      expect(
        (
          await del(
            Array.from({ length: MAX_PAGE_SIZE + 1 }, (_, i) => `id${i}`),
            'en',
          )
        ).body,
      ).toEqual(bad(`ids may hold at most ${MAX_PAGE_SIZE} items`));
    });
  });

  describe('prefs, module, dashboard and page saves', () => {
    it('checks a preference’s key and body', async () => {
      const put = (key: string, body: unknown) =>
        t.request({ method: 'PUT', url: `/api/prefs/${key}`, body, token, lang: 'en' });
      expect((await put('1bad', { value: 1 })).body).toEqual(bad('Invalid preference key'));
      expect((await put('columns:x', {})).body).toEqual(bad('Provide the preference value'));
      expect((await put('columns:x', { value: 1, other: 2 })).body).toEqual(bad('Unknown field: other'));
    });

    it('checks a module save: missing schema, wrong type, unknown key', async () => {
      const save = (body: unknown) => t.request({ url: '/api/module', body, token, lang: 'en' });
      expect((await save({ table_name: 'rs_t' })).body).toEqual(bad('schema is required'));
      expect((await save({ schema: {}, table_name: '' })).body).toEqual(bad('table_name is required'));
      expect((await save({ table_name: 'rs_t', schema: {}, dry_run: 'yes' })).body).toEqual(
        bad('Field dry_run must be true or false'),
      );
      expect((await save({ table_name: 'rs_t', schema: {}, owner: 'me' })).body).toEqual(bad('Unknown field: owner'));
      expect((await save({ table_name: 'rs_t', schema: {}, base_version: -1 })).body).toEqual(
        bad('The value of field base_version is not valid'),
      );
    });

    it('checks dashboard and page saves the same way', async () => {
      const dashboard = await t.request({ url: '/api/dashboard', body: { schema: 7 }, token, lang: 'en' });
      expect(dashboard.body).toEqual(bad('Field schema must be an object'));
      const page = await t.request({
        method: 'PUT',
        url: '/api/page/system/user',
        body: { schema: {}, note: 'x' },
        token,
        lang: 'en',
      });
      expect(page.body).toEqual(bad('Unknown field: note'));
    });
  });

  describe('versions of a module or dashboard', () => {
    const get = (url: string, lang?: 'zh' | 'en') => t.request({ url, token, lang });

    it('checks the id and version in the path: an ill-formed version does not exist', async () => {
      expect((await get('/api/module/bad!id/versions', 'en')).body).toEqual(bad('The value of field id is not valid'));
      expect((await get('/api/dashboard/bad!id')).body).toEqual(bad('字段 id 的值格式错误'));
      expect((await get('/api/module/m1/versions/bad!ref')).body).toEqual(bad('该版本不存在'));
      const rollback = await t.request({ url: '/api/dashboard/d1/rollback/bad!ref', body: {}, token, lang: 'en' });
      expect(rollback.body).toEqual(bad('This version does not exist'));
    });

    it('names a missing or unknown parameter of a diff', async () => {
      expect((await get('/api/module/m1/diff?from=1', 'en')).body).toEqual(bad('to is required'));
      expect((await get('/api/dashboard/d1/diff?from=1&to=2&x=3', 'en')).body).toEqual(bad('Unknown field: x'));
    });
  });

  describe('files', () => {
    it('names an unknown or mistyped query parameter of the upload token route', async () => {
      const other = await t.request({ url: '/api/ThirdApi/qiniu/qnToken?bucket=b&region=z9', token, lang: 'en' });
      expect(other.body).toEqual(bad('Unknown field: region'));
      const long = await t.request({ url: `/api/ThirdApi/qiniu/qnToken?bucket=${'b'.repeat(129)}`, token, lang: 'en' });
      expect(long.body).toEqual(bad('Field bucket may not be longer than 128'));
    });
  });

  describe('the complete-info form', () => {
    const CUSTOMER = '/api/common/tessera_sys_customer';
    const form = { name: '张三', biz_type: 'mini_program,website_app', role_type: 'operator', dev_team: 'individual' };
    const save = (body: unknown, lang?: 'zh' | 'en') => t.request({ url: CUSTOMER, body, token, lang });

    it('answers 请填写必填项 for a missing or empty value, in the caller’s language', async () => {
      const { name: _, ...noName } = form;
      expect((await save(noName)).body).toEqual(bad('请填写必填项'));
      expect((await save({ ...form, biz_type: [] }, 'en')).body).toEqual(bad('Please fill in the required fields'));
      expect((await save({ ...form, name: '   ' }, 'en')).body).toEqual(bad('Please fill in the required fields'));
      expect((await save({ ...form, dev_team: '' })).body).toEqual(bad('请填写必填项'));
    });

    it('names a mistyped, unknown or not offered value', async () => {
      expect((await save({ ...form, dev_team: ['individual'] }, 'en')).body).toEqual(
        bad('Field dev_team must be text'),
      );
      expect((await save({ ...form, role_type: [7] }, 'en')).body).toEqual(
        bad('The value of field role_type[0] is not valid'),
      );
      expect((await save({ ...form, biz_type: 'spaceship' })).body).toEqual(bad('字段 biz_type 的值格式错误'));
      expect((await save({ ...form, dev_team: 'individual,outsourcing' }, 'en')).body).toEqual(
        bad('The value of field dev_team is not valid'),
      );
      expect((await save({ ...form, owner: 'me' }, 'en')).body).toEqual(bad('Unknown field: owner'));
      expect((await save({ ...form, name: 'n'.repeat(256) }, 'en')).body).toEqual(
        bad('Field name may not be longer than 255'),
      );
    });

    it('takes what the dialog sends (codes as text), a list, and row columns sent back', async () => {
      const body = { ...form, name: ' 张三 ', biz_type: ' none , none', role_type: ['developer', 'operator'], id: 'x' };
      expect((await save(body)).body.code).toBe('200');
      const list = await t.request({ url: `${CUSTOMER}/list`, body: { page: 1, size: 1 }, token });
      expect(list.body.data.list[0]).toMatchObject({
        name: '张三',
        biz_type: 'none',
        role_type: 'developer,operator',
        dev_team: 'individual',
      });
    });
  });

  describe('app info, module, dictionary and event stream', () => {
    it('checks the app identifier, module id and dictionary code in the path', async () => {
      const info = await t.request({ url: `/api/app/${'a'.repeat(65)}`, lang: 'en' });
      expect(info.body).toEqual(bad('Field identify may not be longer than 64'));
      expect((await t.request({ url: '/api/module/bad!id', token })).body).toEqual(bad('字段 id 的值格式错误'));
      const dict = await t.request({ url: `/api/dict/${'d'.repeat(65)}`, token, lang: 'en' });
      expect(dict.body).toEqual(bad('Field code may not be longer than 64'));
      expect((await t.request({ url: '/api/dict/%20', token, lang: 'en' })).body).toEqual(bad('code is required'));
    });

    it('refuses a query parameter on the event stream', async () => {
      const reply = await t.request({ url: '/api/events?lastEventId=1', token, lang: 'en' });
      expect(reply.body).toEqual(bad('Unknown field: lastEventId'));
      expect((await t.request({ url: '/api/events?x=1' })).body.code).toBe(ResultCode.LOGOUT);
    });
  });

  describe('order and the envelope', () => {
    it('tells a caller who is not signed in that first, whatever the body', async () => {
      const reply = await t.request({ url: '/api/auth/changePwd', body: { nope: 1 } });
      expect(reply.body.code).toBe(ResultCode.LOGOUT);
      expect((await t.request({ url: '/api/common/customer/bad!id' })).body.code).toBe(ResultCode.LOGOUT);
      const signedIn = await t.request({ url: '/api/auth/changePwd', body: { nope: 1 }, token, lang: 'en' });
      expect(signedIn.body).toEqual(bad('oldPassword is required'));
    });

    it('checks a sealed body once opened, and seals the refusal', async () => {
      const body = { identify: 'sealed', ...ADMIN, codeKey: 'k', code: TEST_CAPTCHA, role: 'admin' };
      const seal = sealedApp.envelope.seal({ method: 'POST', path: '/api/auth/login', body });
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        headers: {
          'x-sec-identity-id': sealedApp.id,
          'content-type': 'application/json',
          'x-lang': 'en',
          ...seal.headers,
        },
        payload: JSON.stringify(seal.body),
      });
      expect(response.headers['x-sec-encrypted']).toBe('1');
      expect(JSON.stringify(response.json())).not.toContain('role');
      const opened = sealedApp.envelope.open(response.headers, response.json(), seal.ctx, response.statusCode);
      expect(opened).toEqual(bad('Unknown field: role'));
    });
  });
});
