/**
 * A client of a running server over real HTTP with the envelope on, as the browser speaks it:
 * every call sealed with the app's public key, the session token sealed in x-sec-auth, the reply
 * opened. For the tests that run server processes (tests/cluster/).
 */
import { expect } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { ClientEnvelope } from '../../protocol/envelope/index';

export interface SealedReply {
  code: string;
  message: string;
  data: any;
}

export class SealedClient {
  token = '';

  private constructor(
    readonly envelope: ClientEnvelope,
    readonly appId: string,
  ) {}

  /** Reads the app's public key from `origin` (GET /api/app/:identify, public and unsealed). */
  static async forApp(origin: string, identify = 'demo'): Promise<SealedClient> {
    const info = await (await fetch(`${origin}/api/app/${identify}`)).json();
    return new SealedClient(new ClientEnvelope(info.data.public_key), info.data.id);
  }

  /** One sealed call to `origin`, its reply opened. */
  async call(
    origin: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    path: string,
    body?: unknown,
    query?: object,
  ): Promise<SealedReply> {
    const seal = this.envelope.seal({
      method,
      path,
      body,
      query: query as Record<string, unknown> | undefined,
      token: this.token || undefined,
    });
    const headers: Record<string, string> = { 'x-sec-identity-id': this.appId, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    const response = await fetch(`${origin}${path}${search}`, {
      method,
      headers,
      body: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    return this.envelope.open(response.headers, await response.json(), seal.ctx, response.status) as SealedReply;
  }

  /** Signs in with the picture code the test server accepts; keeps the token for later calls. */
  async signIn(origin: string, captcha: string, account = 'admin', password = 'Tessera@2026'): Promise<string> {
    const code = await this.call(origin, 'GET', '/api/auth/getPicCode', undefined, { identify: 'demo' });
    const login = await this.call(origin, 'POST', '/api/auth/login', {
      identify: 'demo',
      account,
      password,
      codeKey: code.data.codeKey,
      code: captcha,
    });
    expect(login.code, login.message).toBe(ResultCode.SUCCESS);
    this.token = login.data.token;
    return this.token;
  }
}
