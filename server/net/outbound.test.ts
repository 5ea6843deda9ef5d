// The SSRF guard against a real HTTP server on loopback: every Bad-input case of issue 16 item 4
// is refused with its reason (with the allow-list empty), and the allow-list is how a loopback
// fake is reached at all.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../protocol/messages';
import { embeddedIPv4, parseAllowList, refusedRange } from './addresses';
import { guardedFetch, OutboundError, type OutboundPolicy } from './outbound';

let server: Server;
let base: string;
const seen: { url: string; host: string; authorization?: string; apiKey?: string }[] = [];

function handle(req: IncomingMessage, res: ServerResponse): void {
  seen.push({
    url: req.url ?? '',
    host: req.headers.host ?? '',
    authorization: req.headers.authorization,
    apiKey: req.headers['x-api-key'] as string | undefined,
  });
  const path = (req.url ?? '').split('?')[0];
  if (path === '/ok') {
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ rows: [{ id: 1 }], method: req.method }));
  } else if (path === '/to-private') {
    res.writeHead(302, { location: 'http://10.0.0.1/admin' }).end();
  } else if (path === '/to-metadata') {
    res.writeHead(301, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
  } else if (path === '/to-ok') {
    res.writeHead(307, { location: '/ok' }).end();
  } else if (path === '/to-other-origin') {
    res.writeHead(302, { location: `http://other.test:${(server.address() as AddressInfo).port}/ok` }).end();
  } else if (path === '/to-file') {
    res.writeHead(302, { location: 'file:///etc/passwd' }).end();
  } else if (path === '/loop') {
    res.writeHead(302, { location: '/loop' }).end();
  } else if (path === '/big') {
    // 50 MB without a content-length: the guard must count while reading.
    const chunk = Buffer.alloc(1024 * 1024, 97);
    let sent = 0;
    const write = () => {
      while (sent < 50) {
        sent += 1;
        if (!res.write(chunk)) return void res.once('drain', write);
      }
      res.end();
    };
    res.on('close', () => (sent = 50));
    write();
  } else if (path === '/big-declared') {
    res.writeHead(200, { 'content-length': String(50 * 1024 * 1024) });
    res.write('x');
  } else if (path === '/slow') {
    const timer = setTimeout(() => res.end('late'), 5000);
    res.on('close', () => clearTimeout(timer));
  } else res.writeHead(404).end();
}

beforeAll(async () => {
  server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const LOOPBACK_ALLOWED: OutboundPolicy = { allow: parseAllowList('127.0.0.1') };

async function refusal(promise: Promise<unknown>): Promise<OutboundError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundError);
  return error as OutboundError;
}

function message(error: OutboundError, lang: 'zh' | 'en'): string {
  const vars: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(error.vars)) vars[k] = typeof v === 'object' && v ? (v as any)[lang] : v;
  return translate(lang, error.key, vars);
}

describe('guardedFetch refuses (allow-list empty)', () => {
  it.each([
    ['http://127.0.0.1/', 'loopback'],
    ['http://127.1.2.3:8080/x', 'loopback'],
    ['http://[::1]/', 'loopback'],
    ['http://169.254.169.254/latest/meta-data/', 'link-local / cloud metadata'],
    ['http://10.0.0.1/', 'private network'],
    ['http://172.16.5.4/', 'private network'],
    ['http://192.168.1.1/', 'private network'],
    ['http://100.64.0.1/', 'carrier-grade NAT'],
    ['http://0.0.0.0/', 'unspecified address'],
    ['http://224.0.0.1/', 'multicast'],
    ['http://[::ffff:127.0.0.1]/', 'loopback'],
    ['http://[::ffff:a9fe:a9fe]/', 'link-local / cloud metadata'],
    ['http://[fd00::1]/', 'IPv6 unique local'],
    ['http://[fe80::1]/', 'link-local / cloud metadata'],
    ['http://2130706433/', 'loopback'],
    ['http://0x7f.1/', 'loopback'],
  ])('%s (%s)', async (url, range) => {
    const error = await refusal(guardedFetch(url));
    expect(error.reason).toBe('address');
    expect(message(error, 'en')).toContain(range);
    expect(message(error, 'zh')).toContain('禁止访问');
  });

  it('the real fake on loopback too: it is reachable only through the allow-list', async () => {
    expect((await refusal(guardedFetch(`${base}/ok`))).reason).toBe('address');
    const answer = await guardedFetch(`${base}/ok`, {}, LOOPBACK_ALLOWED);
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual({ rows: [{ id: 1 }], method: 'GET' });
  });

  it('a DNS name resolving to 10.0.0.1, or to a public and a private address', async () => {
    const lookup = async (host: string) =>
      host === 'intranet.example.com'
        ? [{ address: '10.0.0.1', family: 4 }]
        : [
            { address: '93.184.216.34', family: 4 },
            { address: '::ffff:192.168.0.7', family: 6 },
          ];
    const one = await refusal(guardedFetch('https://intranet.example.com/api', {}, { lookup }));
    expect(one.reason).toBe('address');
    expect(message(one, 'en')).toContain('intranet.example.com points to 10.0.0.1 (private network)');
    const mixed = await refusal(guardedFetch('https://mixed.example.com/api', {}, { lookup }));
    expect(message(mixed, 'en')).toContain('::ffff:192.168.0.7');
  });

  it.each([
    ['file:///etc/passwd', 'file'],
    ['gopher://127.0.0.1:70/_x', 'gopher'],
    ['ftp://example.com/', 'ftp'],
  ])('%s: only http and https', async (url, scheme) => {
    const error = await refusal(guardedFetch(url));
    expect(error.reason).toBe('scheme');
    expect(message(error, 'en')).toBe(`Only http and https addresses are allowed: ${scheme} is refused`);
    expect(message(error, 'zh')).toBe(`只允许 http 和 https 地址，${scheme} 被拒绝`);
  });

  it('a name that does not resolve, and text that is no URL', async () => {
    const lookup = async () => [];
    expect((await refusal(guardedFetch('http://nowhere.invalid/', {}, { lookup }))).reason).toBe('dns');
    expect((await refusal(guardedFetch('not a url'))).reason).toBe('url');
  });
});

describe('redirects, size and time', () => {
  it('a redirect from the allowed fake to a private or metadata address is refused at that hop', async () => {
    const before = seen.length;
    const toPrivate = await refusal(guardedFetch(`${base}/to-private`, {}, LOOPBACK_ALLOWED));
    expect(toPrivate.reason).toBe('address');
    expect(message(toPrivate, 'en')).toContain('10.0.0.1');
    const toMetadata = await refusal(guardedFetch(`${base}/to-metadata`, {}, LOOPBACK_ALLOWED));
    expect(message(toMetadata, 'en')).toContain('169.254.169.254');
    expect((await refusal(guardedFetch(`${base}/to-file`, {}, LOOPBACK_ALLOWED))).reason).toBe('scheme');
    expect(seen.slice(before).map((s) => s.url)).toEqual(['/to-private', '/to-metadata', '/to-file']);
  });

  it('follows a redirect it may follow, and stops after five', async () => {
    const answer = await guardedFetch(`${base}/to-ok`, { method: 'POST', body: '{}' }, LOOPBACK_ALLOWED);
    expect(answer.redirects).toBe(1);
    expect(JSON.parse(answer.body.toString()).method).toBe('POST');
    const error = await refusal(guardedFetch(`${base}/loop`, {}, LOOPBACK_ALLOWED));
    expect(error.reason).toBe('redirects');
    expect(message(error, 'en')).toBe('More than 5 redirects: stopped');
  });

  it('drops credentials, API key headers included, when a redirect leaves the origin', async () => {
    const lookup = async () => [{ address: '127.0.0.1', family: 4 }];
    const headers = { authorization: 'Bearer t0ken', 'X-Api-Key': 'k3y', accept: 'application/json' };
    const policy = { lookup, allow: parseAllowList('127.0.0.1,other.test') };
    await guardedFetch(`${base}/to-other-origin`, { headers, credentialHeaders: ['X-Api-Key'] }, policy);
    const [first, second] = seen.slice(-2);
    expect(first).toMatchObject({ url: '/to-other-origin', authorization: 'Bearer t0ken', apiKey: 'k3y' });
    expect(second).toMatchObject({ url: '/ok', authorization: undefined, apiKey: undefined });
    await guardedFetch(`${base}/to-ok`, { headers, credentialHeaders: ['X-Api-Key'] }, policy);
    expect(seen.at(-1)).toMatchObject({ url: '/ok', authorization: 'Bearer t0ken', apiKey: 'k3y' });
  });

  it('connects to the address it checked, not to a second DNS answer', async () => {
    let lookups = 0;
    const lookup = async () => {
      lookups += 1;
      return [{ address: '127.0.0.1', family: 4 }];
    };
    const port = new URL(base).port;
    const answer = await guardedFetch(
      `http://upstream.test:${port}/ok`,
      { headers: { authorization: 'Bearer t0ken' } },
      { lookup, allow: parseAllowList('upstream.test') },
    );
    expect(answer.status).toBe(200);
    expect(lookups).toBe(1);
    expect(seen.at(-1)).toMatchObject({ host: `upstream.test:${port}`, authorization: 'Bearer t0ken' });
  });

  it('cuts a 50 MB answer off at the cap, counted or declared', async () => {
    const error = await refusal(guardedFetch(`${base}/big`, {}, LOOPBACK_ALLOWED));
    expect(error.reason).toBe('tooLarge');
    expect(message(error, 'en')).toBe('The upstream response is larger than 5 MB: cut off');
    const small = await refusal(guardedFetch(`${base}/big`, {}, { ...LOOPBACK_ALLOWED, maxBytes: 64 * 1024 }));
    expect(message(small, 'zh')).toBe('上游响应超过 64 KB，已截断并放弃');
    expect((await refusal(guardedFetch(`${base}/big-declared`, {}, LOOPBACK_ALLOWED))).reason).toBe('tooLarge');
  });

  it('gives up on a slow upstream at the deadline', async () => {
    const error = await refusal(guardedFetch(`${base}/slow`, {}, { ...LOOPBACK_ALLOWED, timeoutMs: 300 }));
    expect(error.reason).toBe('timeout');
    expect(message(error, 'en')).toBe('The upstream did not answer within 300 ms');
  });
});

describe('address classification', () => {
  it('reads the IPv4 address inside mapped, NAT64 and 6to4 forms', () => {
    expect(embeddedIPv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(embeddedIPv4('0:0:0:0:0:ffff:10.1.2.3')).toBe('10.1.2.3');
    expect(embeddedIPv4('64:ff9b::a9fe:a9fe')).toBe('169.254.169.254');
    expect(embeddedIPv4('2002:c0a8:0101::1')).toBe('192.168.1.1');
    expect(refusedRange('2002:c0a8:0101::1')).toBe('private');
    expect(refusedRange('2606:4700::1111')).toBeUndefined();
    expect(refusedRange('8.8.8.8')).toBeUndefined();
  });

  it('parses the allow-list and names a bad entry', () => {
    const list = parseAllowList('10.1.0.0/16, erp.corp ,*.intra.example,::1');
    expect(list.hosts.has('erp.corp')).toBe(true);
    expect(list.suffixes).toEqual(['.intra.example']);
    expect(list.ranges.check('10.1.200.3', 'ipv4')).toBe(true);
    expect(() => parseAllowList('10.0.0.0/33')).toThrow('10.0.0.0/33');
    expect(() => parseAllowList('http://x')).toThrow('http://x');
  });
});
