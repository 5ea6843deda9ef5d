/**
 * Baidu's Stable-Diffusion-XL API on loopback (Qianfan / wenxinworkshop):
 *   POST /oauth/2.0/token?grant_type=client_credentials&client_id&client_secret
 *        → { access_token, expires_in } or 401 { error: 'invalid_client' }
 *   POST /rpc/2.0/ai_custom/v1/wenxinworkshop/text2image/sd_xl?access_token
 *        { prompt, negative_prompt, size, n, steps, style } → { id, object, created, data: [{ b64_image, index }], usage }
 *        a wrong token: { error_code: 110, error_msg }; a prompt containing "fail": { error_code: 336003, error_msg }
 * The images are real PNGs, one colour per image. `delayMs` makes a drawing take that long.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GRID_COLOURS, singlePng } from '../midjourney/png';

export const FAKE_BAIDU_AK = 'baidu-fake-ak-2f9e';
export const FAKE_BAIDU_SK = 'baidu-fake-sk-81c3d0';
const TOKEN = '24.fake-access-token.2592000';

export interface FakeBaiduCall {
  path: string;
  query: Record<string, string>;
  body: Record<string, unknown>;
}

export interface FakeBaiduSd {
  url: string;
  apiKey: string;
  secretKey: string;
  calls: FakeBaiduCall[];
  close(): Promise<void>;
}

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
  } catch {
    return {};
  }
}

export async function startFakeBaiduSd(options: { port?: number; delayMs?: number } = {}): Promise<FakeBaiduSd> {
  const calls: FakeBaiduCall[] = [];
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://fake');
      const query = Object.fromEntries(url.searchParams);
      const body = req.method === 'POST' ? await readJson(req) : {};
      calls.push({ path: url.pathname, query, body });
      if (req.method === 'POST' && url.pathname === '/oauth/2.0/token') {
        if (query.client_id !== FAKE_BAIDU_AK || query.client_secret !== FAKE_BAIDU_SK)
          return send(res, 401, { error: 'invalid_client', error_description: 'unknown client id' });
        return send(res, 200, { access_token: TOKEN, expires_in: 2592000, scope: 'public' });
      }
      if (req.method === 'POST' && url.pathname === '/rpc/2.0/ai_custom/v1/wenxinworkshop/text2image/sd_xl') {
        if (query.access_token !== TOKEN)
          return send(res, 200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
        const prompt = String(body.prompt ?? '');
        if (!prompt.trim() || /fail/i.test(prompt))
          return send(res, 200, { error_code: 336003, error_msg: 'the prompt is invalid' });
        if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
        const n = Math.min(4, Math.max(1, Number(body.n) || 1));
        const data = Array.from({ length: n }, (_, index) => ({
          object: 'image',
          index,
          b64_image: singlePng(GRID_COLOURS[index]!, 256).toString('base64'),
        }));
        return send(res, 200, {
          id: 'as-fake',
          object: 'image',
          created: Math.floor(Date.now() / 1000),
          data,
          usage: { prompt_tokens: 12, total_tokens: 12 },
        });
      }
      send(res, 404, { error_code: 3, error_msg: 'Unsupported openapi method' });
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    apiKey: FAKE_BAIDU_AK,
    secretKey: FAKE_BAIDU_SK,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
