/**
 * The api page's server (issue 16 item 4) on each database: REST data sources per app managed by
 * admins, secrets stored encrypted and never answered or logged, the test call, pages reading rows
 * through /api/apiData/:name, and the SSRF guard refusing every Bad-input address with its reason.
 * The upstream is a loopback fake, reached only because the suite sets OUTBOUND_ALLOW_LIST.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { apiSourceTable } from '../../server/db/migrations/0015-api-sources';
import { startFakeRest, type FakeRest } from '../fakes/rest/server';
import type { TestApp } from '../helpers/app';
import { menusOf } from '../helpers/menus';
import { signInAdminSeats, startOutboundTestApp } from '../helpers/outbound-admin';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const SECRET_KEY = 'c0'.repeat(32);

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let fake: FakeRest;
  let admin: string;
  let operator: string;
  let otherAdmin: string;
  const logs: string[] = [];

  beforeAll(async () => {
    fake = await startFakeRest();
    database = await makeDatabase();
    t = await startOutboundTestApp(database, SECRET_KEY, logs);
    ({ admin, operator, otherAdmin } = await signInAdminSeats(t));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    await fake?.close();
  });

  const create = (body: Record<string, unknown>, token = admin, lang?: 'en') =>
    t.request({ url: '/api/apiSources', body, token, lang });
  const customers = (extra: Record<string, unknown> = {}) => ({
    name: 'crm_customers',
    title: 'CRM customers',
    base_url: `${fake.url}/customers`,
    query_template: JSON.stringify({ page: '{{current}}', size: '{{pageSize}}', q: '{{q}}' }),
    auth_type: 'bearer',
    auth_secret: fake.token,
    rows_path: 'data.records',
    total_path: 'data.total',
    ...extra,
  });
  const stored = () => t.db.db.selectFrom(apiSourceTable('tessera_sys_')).selectAll().execute();
  const everySecret = () => [fake.token, fake.apiKey, fake.basic.password];
  const leaks = (text: string) => everySecret().filter((secret) => text.includes(secret));

  describe('api sources', () => {
    let id: string;

    it('creates a source, stores its secret encrypted and answers only a mask', async () => {
      const reply = await create(customers());
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      id = reply.body.data.id;
      expect(reply.body.data).toMatchObject({
        name: 'crm_customers',
        method: 'GET',
        auth_type: 'bearer',
        auth_secret: '',
        auth_secret_set: 1,
        auth_secret_mask: `••••${fake.token.slice(-4)}`,
        timeout_ms: 10000,
        shared: 0,
      });
      const [row] = await stored();
      expect(row!.auth_secret).toMatch(/^v1\./);
      expect(String(row!.auth_secret)).not.toContain(fake.token);
      const again = await t.request({ url: `/api/apiSources/${id}`, token: admin });
      const list = await t.request({ url: '/api/apiSources?current=1&pageSize=10', token: admin });
      expect(list.body.data.total).toBe(1);
      expect(leaks(JSON.stringify([reply.body, again.body, list.body]))).toEqual([]);
    });

    it('test-calls it: status, timing, a sample and the mapped rows', async () => {
      const reply = await t.request({
        url: '/api/apiSources/test',
        body: { ids: [id], params: { q: 'Customer 1' } },
        token: admin,
        lang: 'en',
      });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.message).toMatch(/^HTTP 200 in \d+ ms, 10 rows$/);
      expect(reply.body.data).toMatchObject({ status: 200, method: 'GET', total: 10, redirects: 0 });
      expect(reply.body.data.rows).toHaveLength(5);
      expect(reply.body.data.rows[0]).toEqual({ id: 10, name: 'Customer 10', city: 'Hangzhou' });
      expect(reply.body.data.sample).toContain('"records"');
      expect(typeof reply.body.data.ms).toBe('number');
      const call = fake.calls.at(-1)!;
      expect(call.url).toBe('/customers?page=1&size=10&q=Customer+1');
      expect(call.headers.authorization).toBe(`Bearer ${fake.token}`);
    });

    it('serves a page its rows in the REST provider shape, paged by the upstream', async () => {
      const reply = await t.request({ url: '/api/apiData/crm_customers?current=3&pageSize=10', token: admin });
      expect(reply.body.code).toBe(ResultCode.SUCCESS);
      expect(reply.body.data.total).toBe(23);
      expect(reply.body.data.list.map((r: { id: number }) => r.id)).toEqual([21, 22, 23]);
    });

    it('pages an answer without a total itself', async () => {
      await create({ name: 'all', title: 'All', base_url: `${fake.url}/all`, shared: 1 });
      const reply = await t.request({ url: '/api/apiData/all?current=2&pageSize=20', token: operator });
      expect(reply.body.data.total).toBe(23);
      expect(reply.body.data.list).toHaveLength(3);
    });

    it('calls with a POST body template, an API key (header or query) and basic auth', async () => {
      await create({
        name: 'search',
        title: 'Search',
        base_url: `${fake.url}/search`,
        method: 'POST',
        body_template: JSON.stringify({ page: '{{current}}', size: '{{pageSize}}', keyword: '{{q}}' }),
        rows_path: 'result.items',
        total_path: 'result.count',
      });
      const searched = await t.request({
        url: '/api/apiData/search?current=1&pageSize=5&q=Customer%202',
        token: admin,
      });
      expect(searched.body.data.total).toBe(4); // Customer 20 … 23
      expect(JSON.parse(fake.calls.at(-1)!.body)).toEqual({ page: 1, size: 5, keyword: 'Customer 2' });

      const key = {
        title: 'Keyed',
        auth_type: 'apiKey',
        auth_secret: fake.apiKey,
        rows_path: 'data.records',
        total_path: 'data.total',
      };
      await create({ ...key, name: 'key_header', base_url: `${fake.url}/key-customers`, auth_name: 'X-Api-Key' });
      await create({
        ...key,
        name: 'key_query',
        base_url: `${fake.url}/key-customers`,
        auth_name: 'key',
        auth_in: 'query',
      });
      await create({
        name: 'basic',
        title: 'Basic',
        base_url: `${fake.url}/basic-customers`,
        auth_type: 'basic',
        auth_name: fake.basic.user,
        auth_secret: fake.basic.password,
        rows_path: 'data.records',
        total_path: 'data.total',
      });
      for (const name of ['key_header', 'key_query', 'basic']) {
        const reply = await t.request({ url: `/api/apiData/${name}`, token: admin });
        expect(reply.body.data?.total, name).toBe(23);
      }
      const test = await t.request({
        url: '/api/apiSources/test',
        body: { ids: [(await byName('key_query')).id] },
        token: admin,
      });
      expect(test.body.data.url).toContain('key=••••');
      expect(leaks(JSON.stringify(test.body))).toEqual([]);
    });

    it('redacts the secret from a sample that echoes it', async () => {
      const echo = await create({
        name: 'echo',
        title: 'Echo',
        base_url: `${fake.url}/echo`,
        auth_type: 'bearer',
        auth_secret: fake.token,
        rows_path: 'rows',
      });
      const test = await t.request({ url: '/api/apiSources/test', body: { ids: [echo.body.data.id] }, token: admin });
      expect(test.body.data.sample).toContain('Bearer ••••');
      const rows = await t.request({ url: '/api/apiData/echo', token: admin });
      expect(leaks(JSON.stringify([test.body, rows.body]))).toEqual([]);
    });

    it('keeps the secret when an edit leaves it empty, replaces it when given, drops it for auth none', async () => {
      const keep = await t.request({
        method: 'PUT',
        url: `/api/apiSources/${id}`,
        body: { title: 'Customers', auth_secret: '' },
        token: admin,
      });
      expect(keep.body.data).toMatchObject({ title: 'Customers', auth_secret_set: 1 });
      expect((await t.request({ url: '/api/apiData/crm_customers', token: admin })).body.data.total).toBe(23);
      const wrong = await t.request({
        method: 'PUT',
        url: `/api/apiSources/${id}`,
        body: { auth_secret: 'another-token-1234' },
        token: admin,
      });
      expect(wrong.body.data.auth_secret_mask).toBe('••••1234');
      const refused = await t.request({ url: '/api/apiData/crm_customers', token: admin, lang: 'en' });
      expect(refused.body).toMatchObject({ code: ResultCode.BAD_REQUEST, message: 'The upstream answered HTTP 401' });
      await t.request({ method: 'PUT', url: `/api/apiSources/${id}`, body: { auth_secret: fake.token }, token: admin });
      const none = await t.request({
        method: 'PUT',
        url: `/api/apiSources/${(await byName('echo')).id}`,
        body: { auth_type: 'none' },
        token: admin,
      });
      expect(none.body.data).toMatchObject({ auth_secret_set: 0, auth_secret_mask: '' });
      expect((await byName('echo')).auth_secret).toBeNull();
    });

    it('never writes a secret to the log', () => {
      expect(logs.length).toBeGreaterThan(0);
      expect(leaks(logs.join('\n'))).toEqual([]);
    });
  });

  async function byName(name: string): Promise<{ id: string; auth_secret: string | null }> {
    const rows = await stored();
    return rows.find((row) => row.name === name) as { id: string; auth_secret: string | null };
  }

  describe('SSRF guard on save and on call (allow-list 127.0.0.1 only)', () => {
    it.each([
      ['http://127.0.0.2/x', 'loopback'],
      ['http://[::1]/x', 'loopback'],
      ['http://169.254.169.254/latest/meta-data/', 'link-local / cloud metadata'],
      ['http://10.0.0.1/', 'private network'],
      ['http://[::ffff:192.168.1.1]/', 'private network'],
    ])('refuses %s (%s) and stores nothing', async (url, range) => {
      const before = (await stored()).length;
      const reply = await create({ name: 'bad', title: 'Bad', base_url: url }, admin, 'en');
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toContain(range);
      expect(reply.body.message).toContain('OUTBOUND_ALLOW_LIST');
      expect((await stored()).length).toBe(before);
    });

    it.each(['file:///etc/passwd', 'gopher://127.0.0.1:70/_x'])('refuses %s: only http and https', async (url) => {
      const reply = await create({ name: 'bad', title: 'Bad', base_url: url });
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toMatch(/^只允许 http 和 https 地址，(file|gopher) 被拒绝$/);
    });

    it('refuses a redirect from the allowed upstream to a private address at call time', async () => {
      const made = await create({ name: 'redirecting', title: 'Redirecting', base_url: `${fake.url}/to-private` });
      const reply = await t.request({
        url: '/api/apiSources/test',
        body: { ids: [made.body.data.id] },
        token: admin,
        lang: 'en',
      });
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toContain('10.0.0.1 (private network)');
    });

    it("cuts a 50 MB answer off and gives up on a slow upstream at the source's time limit", async () => {
      await create({ name: 'huge', title: 'Huge', base_url: `${fake.url}/huge` });
      const huge = await t.request({ url: '/api/apiData/huge', token: admin, lang: 'en' });
      expect(huge.body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: 'The upstream response is larger than 5 MB: cut off',
      });
      await create({ name: 'slow', title: 'Slow', base_url: `${fake.url}/slow`, timeout_ms: 1000 });
      const slow = await t.request({ url: '/api/apiData/slow', token: admin });
      expect(slow.body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: '上游在 1000 毫秒内没有响应完毕，已超时',
      });
    });

    it('says so when the answer is not JSON or the mapping finds no list', async () => {
      await create({ name: 'html', title: 'HTML', base_url: `${fake.url}/html` });
      const html = await t.request({ url: '/api/apiData/html', token: admin, lang: 'en' });
      expect(html.body).toMatchObject({
        code: ResultCode.BAD_REQUEST,
        message: 'The upstream did not answer JSON (HTTP 200)',
      });
      const made = await create({
        name: 'unmapped',
        title: 'Unmapped',
        base_url: `${fake.url}/all`,
        rows_path: 'data.items',
      });
      const test = await t.request({
        url: '/api/apiSources/test',
        body: { ids: [made.body.data.id] },
        token: admin,
        lang: 'en',
      });
      expect(test.body.data.mappingError).toBe('The rows path data.items does not lead to a list');
    });
  });

  describe('bad input and access', () => {
    it.each([
      [{ name: '9lives', title: 'x', base_url: 'http://example.com' }, '接口名称须以字母开头'],
      [{ name: 'crm_customers', title: 'x', base_url: 'http://127.0.0.1:1/' }, '接口名称 crm_customers 已存在'],
      [
        { name: 'h', title: 'x', base_url: 'http://127.0.0.1:1/', headers: '{"Host":"evil"}' },
        '请求头 Host 不允许配置',
      ],
      [{ name: 'h', title: 'x', base_url: 'http://127.0.0.1:1/', headers: '[1]' }, 'headers 必须是 JSON 对象'],
      [{ name: 'h', title: 'x', base_url: 'http://127.0.0.1:1/', auth_type: 'bearer' }, 'bearer 认证需要填写密钥'],
      [
        { name: 'h', title: 'x', base_url: 'http://127.0.0.1:1/', auth_type: 'basic', auth_secret: 'p' },
        'basic 认证需要填写名称',
      ],
      [
        { name: 'h', title: 'x', base_url: 'http://127.0.0.1:1/', rows_path: 'data..x' },
        '数据路径须为用 . 分隔的字段名或下标',
      ],
      [{ name: 'h', title: 'x', base_url: 'http://127.0.0.1:1/', timeout_ms: 10 }, ''],
    ])('refuses %j', async (body, message) => {
      const before = (await stored()).length;
      const reply = await create(body);
      expect(reply.body.code).toBe(ResultCode.BAD_REQUEST);
      expect(reply.body.message).toContain(message);
      expect((await stored()).length).toBe(before);
    });

    it("is on the seeded admin's menu (接口配置 at /api) and on no other role's", async () => {
      expect((await menusOf(t, admin)).find((m) => m.path === '/api')).toMatchObject({ title: '接口配置' });
      expect((await menusOf(t, operator)).find((m) => m.path === '/api')).toBeUndefined();
    });

    it('is for admins: an operator may not list, create, test or read an unshared source', async () => {
      expect((await t.request({ url: '/api/apiSources', token: operator })).body.code).toBe(ResultCode.FORBIDDEN);
      expect((await create(customers({ name: 'x' }), operator)).body.code).toBe(ResultCode.FORBIDDEN);
      const id = (await byName('crm_customers')).id;
      expect((await t.request({ url: '/api/apiSources/test', body: { ids: [id] }, token: operator })).body.code).toBe(
        ResultCode.FORBIDDEN,
      );
      expect((await t.request({ url: '/api/apiData/crm_customers', token: operator })).body.code).toBe(
        ResultCode.FORBIDDEN,
      );
      expect((await t.request({ url: '/api/apiData/crm_customers' })).body.code).toBe(ResultCode.LOGOUT);
    });

    it("keeps apps apart: another app's admin neither sees nor reaches this app's sources", async () => {
      expect((await t.request({ url: '/api/apiSources', token: otherAdmin })).body.data.total).toBe(0);
      const id = (await byName('crm_customers')).id;
      expect((await t.request({ url: `/api/apiSources/${id}`, token: otherAdmin })).body.code).toBe(
        ResultCode.NOT_FOUND,
      );
      expect((await t.request({ url: '/api/apiData/crm_customers', token: otherAdmin })).body.code).toBe(
        ResultCode.BAD_REQUEST,
      );
      expect((await t.request({ method: 'DELETE', url: `/api/apiSources/${id}`, token: otherAdmin })).body.code).toBe(
        ResultCode.NOT_FOUND,
      );
    });

    it('removes one, and many all-or-nothing', async () => {
      const ids = (await stored()).map((row) => String(row.id));
      const partial = await t.request({
        method: 'DELETE',
        url: '/api/apiSources',
        body: { ids: [ids[0], 'nope'] },
        token: admin,
      });
      expect(partial.body.code).toBe(ResultCode.NOT_FOUND);
      expect((await stored()).length).toBe(ids.length);
      await t.request({ method: 'DELETE', url: `/api/apiSources/${ids[0]}`, token: admin });
      await t.request({ method: 'DELETE', url: '/api/apiSources', body: { ids: ids.slice(1) }, token: admin });
      expect(await stored()).toEqual([]);
    });
  });
});
