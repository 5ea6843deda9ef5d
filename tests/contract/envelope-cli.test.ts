/**
 * `tessera schema pull|push|diff` against an app with the envelope on (docs/cli.md), as a child
 * process on a real loopback server, on each database: every call is sealed, the token included.
 * The server revokes a token that arrives in clear for such an app, so the same token still working
 * after the commands proves it never went in clear.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';
import { ADMIN, TEST_CAPTCHA, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { demoModuleEnv, runTessera } from '../helpers/remote-cli';

vi.setConfig({ testTimeout: 120_000 });

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let dir: string;
  let env: Record<string, string>;
  let envelope: ClientEnvelope;
  let token: string;

  async function sealed(method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, string>) {
    const seal = envelope.seal({ method, path, body, query, token: token || undefined });
    const headers: Record<string, string> = { 'x-sec-identity-id': t.demoAppId, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    const response = await t.app.inject({
      method,
      url: `${path}${search}`,
      headers,
      payload: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    return envelope.open(response.headers, response.json(), seal.ctx, response.statusCode) as any;
  }

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database, { encrypt: true });
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    // The CLI's requests carry real time; keep the test's clock on it.
    t.clock.now = Date.now();
    const info = (await t.request({ url: '/api/app/demo' })).body.data;
    envelope = new ClientEnvelope(info.public_key);
    token = '';
    const code = await sealed('GET', '/api/auth/getPicCode', undefined, { identify: 'demo' });
    const login = await sealed('POST', '/api/auth/login', {
      identify: 'demo',
      ...ADMIN,
      codeKey: code.data.codeKey,
      code: TEST_CAPTCHA,
    });
    expect(login.code).toBe(ResultCode.SUCCESS);
    token = login.data.token;
    env = await demoModuleEnv(t, address, token);
    dir = mkdtempSync(join(tmpdir(), 'tessera-sealed-'));
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('pull, push and diff work sealed, and the token never went in clear (it still works)', async () => {
    const file = join(dir, 'customer.json');
    const pull = await runTessera(['schema', 'pull', '--out', file], env);
    expect(pull.stderr).toBe('');
    expect(pull.code).toBe(0);
    const pulled = JSON.parse(readFileSync(file, 'utf8'));
    const base = pulled.module.version as number;
    pulled.schema.title = { zh: '客户（加密命令行）', en: 'Customers (sealed CLI)' };
    writeFileSync(file, JSON.stringify(pulled));
    const push = await runTessera(['schema', 'push', file], env);
    expect(push.stderr).toBe('');
    expect(push.stdout).toContain(`saved version ${base + 1}`);
    const diff = await runTessera(['schema', 'diff', '--from', String(base)], env);
    expect(diff.stderr).toBe('');
    expect(diff.stdout).toContain(`version ${base} → ${base + 1}`);
    t.clock.now = Date.now();
    expect((await sealed('GET', '/api/auth/userInfo')).code).toBe(ResultCode.SUCCESS);
  });

  it('without --app it stops before sending the token', async () => {
    const missing = await runTessera(['schema', 'pull', '--out', join(dir, 'x.json')], { ...env, TESSERA_APP: '' });
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--app (or TESSERA_APP) is required');
    t.clock.now = Date.now();
    expect((await sealed('GET', '/api/auth/userInfo')).code).toBe(ResultCode.SUCCESS);
  });
});
