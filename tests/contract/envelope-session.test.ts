/**
 * The envelope and the session (issue 21 item 1, the part that is done): a sealed sign-in answers
 * the token only inside the sealed body (no plaintext `authorization` header), and a request is
 * tied to the session's app — a token of app A sealed with app B's key is refused, and so is a
 * sign-in to A sealed with B's key.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  const apps: Record<'demo' | 'other', { id: string; envelope: ClientEnvelope }> = {} as never;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { encrypt: true });
    const otherId = await t.seedApp('other');
    await t.db.db.updateTable(t.tables.app).set({ encrypt: 1 }).where('id', '=', otherId).execute();
    for (const identify of ['demo', 'other'] as const) {
      const info = (await t.request({ url: `/api/app/${identify}` })).body.data;
      expect(info.encrypt).toBe(true);
      apps[identify] = {
        id: identify === 'demo' ? t.demoAppId : otherId,
        envelope: new ClientEnvelope(info.public_key, { now: () => t.clock.now }),
      };
    }
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  async function sealed(
    sealFor: 'demo' | 'other',
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; query?: Record<string, string>; token?: string } = {},
  ) {
    const { id, envelope } = apps[sealFor];
    const seal = envelope.seal({ method, path, body: options.body, query: options.query, token: options.token });
    const headers: Record<string, string> = { 'x-sec-identity-id': id, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    const response = await t.app.inject({
      method,
      url: `${path}${search}`,
      headers,
      payload: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    // Every reply after the envelope's header check is sealed, refusals included.
    const result = (
      response.headers['x-sec-encrypted'] === '1'
        ? envelope.open(response.headers, response.json(), seal.ctx, response.statusCode)
        : response.json()
    ) as { code: string; data: any };
    return { response, result };
  }

  async function signIn(sealFor: 'demo' | 'other', identify: string) {
    const code = await sealed(sealFor, 'GET', '/api/auth/getPicCode', { query: { identify } });
    return sealed(sealFor, 'POST', '/api/auth/login', {
      body: { identify, ...ADMIN, codeKey: code.result.data.codeKey, code: TEST_CAPTCHA },
    });
  }

  describe('sealed sign-in', () => {
    it('answers the token only inside the sealed body', async () => {
      const login = await signIn('demo', 'demo');
      expect(login.result.code).toBe(ResultCode.SUCCESS);
      expect(login.result.data.token).toMatch(/\S{20,}/);
      expect(login.response.headers.authorization).toBeUndefined();
      expect(JSON.stringify(login.response.json())).not.toContain(login.result.data.token);
    });

    it('to app A sealed with app B’s key is refused', async () => {
      const login = await signIn('other', 'demo');
      expect(login.response.statusCode).toBe(400);
      expect(login.result.code).toBe(ResultCode.BAD_REQUEST);
    });
  });

  describe('the session’s app', () => {
    it('a token of app A sealed with app B’s key is refused; with A’s key it works', async () => {
      const token = (await signIn('demo', 'demo')).result.data.token as string;
      const own = await sealed('demo', 'POST', '/api/common/customer/list', {
        body: { pageSize: 1, isPage: true },
        token,
      });
      expect(own.result.code).toBe(ResultCode.SUCCESS);
      const crossed = await sealed('other', 'POST', '/api/common/customer/list', {
        body: { pageSize: 1, isPage: true },
        token,
      });
      expect(crossed.response.statusCode).toBe(400);
      expect(crossed.result.code).toBe(ResultCode.BAD_REQUEST);
      expect(crossed.result.data).toBeNull();
    });
  });
});
