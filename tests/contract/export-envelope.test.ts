/**
 * Export, template and import with the demo app's encryption on (as seeded): sealed JSON calls
 * reach export and downloadTemplate and their workbook replies pass unsealed; the multipart
 * import passes unsealed and is still authenticated by the session; an unsealed JSON export is
 * refused like any other unsealed call of that app.
 */
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { xlsxOf } from '../../fixtures/workbooks/build';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let envelope: ClientEnvelope;
  let token: string;

  async function sealed(
    method: 'GET' | 'POST',
    path: string,
    options: { body?: unknown; query?: Record<string, string>; token?: string } = {},
  ) {
    const seal = envelope.seal({ method, path, body: options.body, query: options.query, token: options.token });
    const headers: Record<string, string> = { 'x-sec-identity-id': t.demoAppId, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    const response = await t.app.inject({
      method,
      url: `${path}${search}`,
      headers,
      payload: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    return { response, seal };
  }

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { encrypt: true });
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    expect(info.encrypt).toBe(true);
    envelope = new ClientEnvelope(info.public_key, { now: () => t.clock.now });
    const code = await sealed('GET', '/api/auth/getPicCode', { query: { identify: 'demo' } });
    const codeKey = (
      envelope.open(code.response.headers, code.response.json(), code.seal.ctx, code.response.statusCode) as any
    ).data.codeKey;
    const login = await sealed('POST', '/api/auth/login', {
      body: { identify: 'demo', ...ADMIN, codeKey, code: TEST_CAPTCHA },
    });
    token = (
      envelope.open(login.response.headers, login.response.json(), login.seal.ctx, login.response.statusCode) as any
    ).data.token;
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('exports through a sealed request; the workbook comes back as it is', async () => {
    const { response } = await sealed('POST', '/api/common/customer/export', {
      token,
      body: { exportFields: [{ key: 'name', title: '客户名称' }], querys: [{ key: 'level', value: 'vip' }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('客户名称');
    expect(sheet.rowCount).toBeGreaterThan(1);
  });

  it('downloads a template through a sealed request', async () => {
    const { response } = await sealed('POST', '/api/common/customer/downloadTemplate', {
      token,
      body: { fields: [{ key: 'name', title: '客户名称', required: true }] },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toContain(encodeURIComponent('客户模版.xlsx'));
  });

  it('imports an unsealed multipart upload, authenticated by the session', async () => {
    const boundary = 'tesseraboundary';
    const payload = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="fields"\r\n\r\n${JSON.stringify([
          { key: 'name', title: '客户名称' },
          { key: 'level', title: '客户等级' },
        ])}\r\n`,
      ),
      Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="a.xlsx"\r\n\r\n`),
      await xlsxOf([
        ['客户名称', '客户等级'],
        ['加密应用导入', 'VIP'],
      ]),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    const headers = { 'x-sec-identity-id': t.demoAppId, 'content-type': `multipart/form-data; boundary=${boundary}` };
    // The file goes as it is; the headers are sealed, so the token travels sealed too.
    const seal = envelope.seal({ method: 'POST', path: '/api/common/customer/import', token });
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/import',
      headers: { ...headers, ...seal.headers },
      payload,
    });
    expect(envelope.open(imported.headers, imported.json(), seal.ctx, imported.statusCode)).toMatchObject({
      code: ResultCode.SUCCESS,
      data: { imported: 1 },
    });
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/common/customer/import', headers, payload });
    expect(anonymous.json().code).toBe(ResultCode.LOGOUT);
  });

  it('refuses an unsealed JSON export for the encrypted app', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/common/customer/export',
      headers: { 'x-sec-identity-id': t.demoAppId },
      payload: { exportFields: [{ key: 'name', title: 'n' }] },
    });
    expect(response.json().code).toBe(ResultCode.BAD_REQUEST);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
  });
});
