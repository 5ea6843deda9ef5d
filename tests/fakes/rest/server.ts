/**
 * A third-party REST API on loopback for the api page's tests (tests/contract/api-sources.test.ts,
 * the e2e): a paged customer list behind a bearer token, API-key and basic variants, an echo of
 * what it received (to prove secrets are redacted from samples), a list without a total, a redirect
 * to a private address, a non-JSON answer, a slow answer and a 50 MB one. Every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeRestCall {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  body: string;
}

export interface FakeRest {
  url: string;
  token: string;
  apiKey: string;
  basic: { user: string; password: string };
  calls: FakeRestCall[];
  close(): Promise<void>;
}

export const FAKE_CUSTOMERS = Array.from({ length: 23 }, (_, i) => ({
  id: i + 1,
  name: `Customer ${String(i + 1).padStart(2, '0')}`,
  city: ['Hangzhou', 'Shanghai', 'Beijing'][i % 3],
}));

function json(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

export async function startFakeRest(): Promise<FakeRest> {
  const token = 'tok-7d1c2b9e4f5a6c3d';
  const apiKey = 'key-88aa11bb22cc';
  const basic = { user: 'erp', password: 'Erp-pass-9431' };
  const calls: FakeRestCall[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      calls.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      const url = new URL(req.url ?? '/', 'http://fake');
      // page/size, or the REST provider's own current/pageSize when a source has no query template.
      const param = (...names: string[]) => names.map((n) => url.searchParams.get(n)).find((v) => v !== null);
      const page = Number(param('page', 'current') ?? 1);
      const size = Number(param('size', 'pageSize') ?? 10);
      const q = url.searchParams.get('q') ?? '';
      const customers = () => {
        const found = FAKE_CUSTOMERS.filter((c) => c.name.includes(q));
        return { code: 0, data: { records: found.slice((page - 1) * size, page * size), total: found.length } };
      };
      switch (url.pathname) {
        case '/customers':
          if (req.headers.authorization !== `Bearer ${token}`) return json(res, 401, { error: 'unauthorised' });
          return json(res, 200, customers());
        case '/key-customers':
          if (req.headers['x-api-key'] !== apiKey && url.searchParams.get('key') !== apiKey)
            return json(res, 401, { error: 'unauthorised' });
          return json(res, 200, customers());
        case '/basic-customers': {
          const expected = `Basic ${Buffer.from(`${basic.user}:${basic.password}`).toString('base64')}`;
          if (req.headers.authorization !== expected) return json(res, 401, { error: 'unauthorised' });
          return json(res, 200, customers());
        }
        case '/search':
          // POST with a JSON body: { page, size, keyword }
          try {
            const asked = JSON.parse(body || '{}') as { page?: number; size?: number; keyword?: string };
            const found = FAKE_CUSTOMERS.filter((c) => c.name.includes(asked.keyword ?? ''));
            const p = asked.page ?? 1;
            const s = asked.size ?? 10;
            return json(res, 200, { result: { items: found.slice((p - 1) * s, p * s), count: found.length } });
          } catch {
            return json(res, 400, { error: 'bad json' });
          }
        case '/all':
          return json(res, 200, FAKE_CUSTOMERS);
        case '/echo':
          return json(res, 200, { rows: [{ url: req.url, headers: req.headers, body }] });
        case '/to-private':
          res.writeHead(302, { location: 'http://10.0.0.1/customers' }).end();
          return;
        case '/slow': {
          // Answers after 5 s unless the caller hangs up first.
          const timer = setTimeout(() => json(res, 200, []), 5000);
          res.on('close', () => clearTimeout(timer));
          return;
        }
        case '/huge': {
          // 50 MB of one JSON string, streamed without a content-length.
          res.writeHead(200, { 'content-type': 'application/json' });
          const chunk = Buffer.alloc(1024 * 1024, 97);
          let sent = 0;
          const write = (): void => {
            while (sent < 50) {
              sent += 1;
              if (!res.write(chunk)) return void res.once('drain', write);
            }
            res.end();
          };
          res.on('close', () => (sent = 50));
          write();
          return;
        }
        case '/html':
          res.writeHead(200, { 'content-type': 'text/html' }).end('<html>not json</html>');
          return;
        default:
          return json(res, 404, { error: 'not found' });
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    apiKey,
    basic,
    calls,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
