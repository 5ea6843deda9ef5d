/**
 * The API as a test calls it beside the browser: every call sealed with the app's envelope (the demo
 * app requires it) and its reply opened; `signInAdmin` signs in as the demo admin with the test
 * picture code and keeps the token for later calls.
 */
import assert from 'node:assert/strict';
import { ClientEnvelope } from '../../../protocol/envelope/index';
import { E2E_CAPTCHA, type RunningServer } from './server';

export interface SealedReply {
  code: string;
  message: string;
  data: any;
}

export interface SealedApi {
  call(
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    query?: Record<string, string>,
  ): Promise<SealedReply>;
  signInAdmin(): Promise<string>;
}

export async function sealedApi(server: RunningServer, identify = 'demo'): Promise<SealedApi> {
  const info = (await (await fetch(`${server.url}/api/app/${identify}`)).json()).data;
  const envelope = new ClientEnvelope(info.public_key);
  let token = '';
  const call: SealedApi['call'] = async (method, path, body, query) => {
    const seal = envelope.seal({ method, path, body, query, token: token || undefined });
    const headers: Record<string, string> = { 'x-sec-identity-id': info.id, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    const response = await fetch(`${server.url}${path}${search}`, {
      method,
      headers,
      body: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    return envelope.open(response.headers, await response.json(), seal.ctx, response.status) as SealedReply;
  };
  return {
    call,
    async signInAdmin() {
      const code = await call('GET', '/api/auth/getPicCode', undefined, { identify });
      const login = await call('POST', '/api/auth/login', {
        identify,
        account: 'admin',
        password: 'Tessera@2026',
        codeKey: code.data.codeKey,
        code: E2E_CAPTCHA,
      });
      assert.equal(login.code, '200', login.message);
      token = login.data.token;
      return token;
    },
  };
}
