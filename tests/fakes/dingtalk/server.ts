/**
 * A fake DingTalk open API on loopback speaking the new-style OAuth protocol: POST
 * /v1.0/oauth2/userAccessToken { clientId, clientSecret, code, grantType: 'authorization_code' }
 * → { accessToken, refreshToken, expireIn }, and GET /v1.0/contact/users/me with the
 * x-acs-dingtalk-access-token header → the user. Strict like DingTalk: unknown client, wrong
 * secret, wrong grant type, unknown or reused code → 400 with { code, message }; a bad token → 401.
 * For browser tests it also plays the consent page: GET /oauth2/auth?client_id&redirect_uri&state
 * redirects (302) to redirect_uri with `authCode` and `state`, as the user set by consentAs().
 * Point DINGTALK_AUTHORIZE_URL at `${url}/oauth2/auth`.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeDingtalkUser {
  nick: string;
  mobile?: string;
  unionId: string;
  openId: string;
  stateCode?: string;
}

export interface FakeDingtalk {
  url: string;
  /** Issues an authCode as DingTalk would after the user consents (single use). */
  authorize(user: FakeDingtalkUser): string;
  /** The user who "consents" on GET /oauth2/auth (none: 403). */
  consentAs(user: FakeDingtalkUser | undefined): void;
  /** Every request as "METHOD path status", in order. */
  log: string[];
  close(): Promise<void>;
}

async function json(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startFakeDingtalk(client: { clientId: string; clientSecret: string }): Promise<FakeDingtalk> {
  const codes = new Map<string, FakeDingtalkUser>();
  const tokens = new Map<string, FakeDingtalkUser>();
  const log: string[] = [];
  let consenting: FakeDingtalkUser | undefined;
  const issue = (user: FakeDingtalkUser) => {
    const code = randomBytes(12).toString('hex');
    codes.set(code, user);
    return code;
  };

  const server = createServer(async (request, response) => {
    const path = (request.url ?? '').split('?')[0];
    const send = (status: number, body: unknown) => {
      log.push(`${request.method} ${path} ${status}`);
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    };
    if (request.method === 'POST' && path === '/v1.0/oauth2/userAccessToken') {
      const body = await json(request);
      if (body.clientId !== client.clientId || body.clientSecret !== client.clientSecret)
        return send(400, { code: 'invalidClient', message: 'clientId or clientSecret is wrong' });
      if (body.grantType !== 'authorization_code')
        return send(400, { code: 'invalidGrantType', message: 'grantType must be authorization_code' });
      const user = typeof body.code === 'string' ? codes.get(body.code) : undefined;
      if (!user) return send(400, { code: 'invalidAuthCode', message: 'code is invalid or used' });
      codes.delete(body.code as string);
      const accessToken = randomBytes(16).toString('hex');
      tokens.set(accessToken, user);
      return send(200, { accessToken, refreshToken: randomBytes(16).toString('hex'), expireIn: 7200 });
    }
    if (request.method === 'GET' && path === '/oauth2/auth') {
      const query = new URL(request.url ?? '', 'http://fake').searchParams;
      const redirect = query.get('redirect_uri');
      if (query.get('client_id') !== client.clientId || !redirect || !/^https?:\/\//.test(redirect))
        return send(400, { code: 'invalidRequest', message: 'client_id or redirect_uri is wrong' });
      if (!consenting) return send(403, { code: 'accessDenied', message: 'the user declined' });
      const target = new URL(redirect);
      target.searchParams.set('authCode', issue(consenting));
      target.searchParams.set('state', query.get('state') ?? '');
      log.push(`GET ${path} 302`);
      return response.writeHead(302, { location: target.toString() }).end();
    }
    if (request.method === 'GET' && path === '/v1.0/contact/users/me') {
      const token = request.headers['x-acs-dingtalk-access-token'];
      const user = typeof token === 'string' ? tokens.get(token) : undefined;
      if (!user) return send(401, { code: 'InvalidAuthentication', message: 'token is invalid' });
      return send(200, { avatarUrl: '', stateCode: '86', ...user });
    }
    return send(404, { code: 'NotFound', message: 'no such API' });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    authorize: issue,
    consentAs(user) {
      consenting = user;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
