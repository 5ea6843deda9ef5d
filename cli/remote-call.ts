/**
 * How the CLI talks to a running instance (docs/cli.md): it first reads the app's public info
 * (`GET api/app/:identify`, open to everyone) and, when the app has the envelope on, seals every call
 * as the browser does — body and query SM4-encrypted, the session token sealed in x-sec-auth, never
 * in a plaintext `authorization` header (the server refuses and revokes a token sent in clear to such
 * an app, docs/envelope.md) — and opens the sealed replies. Apps without the envelope get plain JSON
 * with the spec's `authorization` header.
 */
import { ClientEnvelope } from '../protocol/envelope/client';
import { EnvelopeError } from '../protocol/envelope/errors';
import { CliError } from './args';

export interface Remote {
  url: string;
  token: string;
  /** Set when the app requires the envelope. */
  sealed?: { envelope: ClientEnvelope; appId: string };
}

interface AppInfo {
  id: string;
  public_key: string;
  encrypt: boolean;
}

async function reach(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init);
  } catch (error) {
    throw new CliError(`cannot reach ${new URL(url).origin}: ${(error as Error).cause ?? (error as Error).message}`);
  }
}

async function readAnswer<T>(url: string, response: Response): Promise<{ code?: string; message?: string; data?: T }> {
  try {
    return (await response.json()) as { code?: string; message?: string; data?: T };
  } catch {
    throw new CliError(`${url} answered HTTP ${response.status} without a Tessera result`);
  }
}

/** The app's envelope, decided before the token is ever sent. */
export async function connectRemote(url: string, identify: string, token: string): Promise<Remote> {
  const response = await reach(`${url}/api/app/${encodeURIComponent(identify)}`, { headers: { 'x-lang': 'en' } });
  const answer = await readAnswer<AppInfo>(url, response);
  if (answer.code !== '200' || !answer.data) {
    throw new CliError(`app "${identify}": ${answer.code ?? response.status}: ${answer.message ?? 'not found'}`);
  }
  const info = answer.data;
  if (!info.encrypt) return { url, token };
  return { url, token, sealed: { envelope: new ClientEnvelope(info.public_key), appId: info.id } };
}

/** One call of the API (`path` relative to /api/, with its query); a non-200 answer becomes a CliError. */
export async function callRemote<T>(remote: Remote, method: 'GET' | 'PUT', path: string, body?: unknown): Promise<T> {
  const target = new URL(`${remote.url}/api/${path}`);
  const headers: Record<string, string> = { 'x-lang': 'en' };
  let send = body === undefined ? undefined : JSON.stringify(body);
  let open = (_response: Response, json: unknown): unknown => json;
  if (remote.sealed) {
    const { envelope, appId } = remote.sealed;
    const query = target.searchParams.size ? Object.fromEntries(target.searchParams) : undefined;
    const seal = envelope.seal({ method, path: target.pathname, body, query, token: remote.token });
    target.search = seal.query ? `?${new URLSearchParams(seal.query)}` : '';
    Object.assign(headers, seal.headers, { 'x-sec-identity-id': appId });
    send = seal.body ? JSON.stringify(seal.body) : undefined;
    open = (response, json) => envelope.open(response.headers, json, seal.ctx, response.status);
  } else {
    headers.authorization = remote.token;
  }
  if (send !== undefined) headers['content-type'] = 'application/json';
  const response = await reach(target.href, { method, headers, body: send });
  const outer = await readAnswer<T>(remote.url, response);
  let answer: { code?: string; message?: string; data?: T };
  try {
    answer = open(response, outer) as typeof answer;
  } catch (error) {
    if (error instanceof EnvelopeError) throw new CliError(`${remote.url}: the reply failed its integrity check`);
    throw error;
  }
  if (answer.code !== '200') throw new CliError(`${answer.code ?? response.status}: ${answer.message ?? 'failed'}`);
  return answer.data as T;
}
