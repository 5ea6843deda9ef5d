/**
 * A midjourney-proxy on loopback (github.com/novicezk/midjourney-proxy's HTTP protocol):
 *   POST /mj/submit/imagine { prompt, base64Array? }      → { code: 1, description, result: taskId }
 *   POST /mj/submit/change  { taskId, action, index }     action UPSCALE | VARIATION
 *   GET  /mj/task/{id}/fetch                              → { id, action, status, progress, imageUrl, failReason }
 *   GET  /images/{id}.png                                 the result: a real 2x2 PNG grid (imagine,
 *                                                         variation) or one quadrant's colour (upscale)
 * Each fetch moves a task one step: SUBMITTED 0% → IN_PROGRESS 42% → IN_PROGRESS 87% → SUCCESS 100%
 * (`steps` sets the percentages). A prompt containing "fail" ends in FAILURE; one containing
 * "forbidden" is refused at submit (code 24, the proxy's banned-prompt answer). A wrong
 * mj-api-secret answers 401. Every call is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { GRID_COLOURS, gridPng, singlePng } from './png';

export const FAKE_MJ_SECRET = 'mj-fake-secret-7c41';

export interface FakeMjCall {
  method: string;
  path: string;
  secret: string | undefined;
  body: Record<string, unknown>;
}

interface FakeTask {
  id: string;
  action: 'IMAGINE' | 'UPSCALE' | 'VARIATION';
  prompt: string;
  index: number;
  fetches: number;
  fails: boolean;
}

export interface FakeMidjourney {
  url: string;
  secret: string;
  calls: FakeMjCall[];
  close(): Promise<void>;
}

const DEFAULT_STEPS = ['0%', '42%', '87%'];

function send(res: ServerResponse, status: number, value: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  try {
    const value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as unknown;
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export async function startFakeMidjourney(options: { port?: number; steps?: string[] } = {}): Promise<FakeMidjourney> {
  const steps = options.steps ?? DEFAULT_STEPS;
  const calls: FakeMjCall[] = [];
  const tasks = new Map<string, FakeTask>();
  const sockets = new Set<Socket>();
  let next = 1320098173412546;
  let base = '';

  const newTask = (action: FakeTask['action'], prompt: string, index = 0): FakeTask => {
    const task = { id: String(next++), action, prompt, index, fetches: 0, fails: /fail/i.test(prompt) };
    tasks.set(task.id, task);
    return task;
  };

  const view = (task: FakeTask) => {
    const step = task.fetches;
    task.fetches += 1;
    const common = {
      id: task.id,
      action: task.action,
      prompt: task.prompt,
      promptEn: task.prompt,
      submitTime: Date.now(),
    };
    if (step === 0)
      return { ...common, status: 'SUBMITTED', progress: steps[0] ?? '0%', imageUrl: null, failReason: null };
    if (task.fails)
      return {
        ...common,
        status: 'FAILURE',
        progress: '',
        imageUrl: null,
        failReason: 'Job failed: the bot refused the prompt',
      };
    if (step < steps.length)
      return { ...common, status: 'IN_PROGRESS', progress: steps[step], imageUrl: null, failReason: null };
    return {
      ...common,
      status: 'SUCCESS',
      progress: '100%',
      imageUrl: `${base}/images/${task.id}.png`,
      failReason: null,
    };
  };

  const server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]!;
      const image = /^\/images\/(\d+)\.png$/.exec(path);
      if (req.method === 'GET' && image) {
        const task = tasks.get(image[1]!);
        if (!task) return send(res, 404, { error: 'not found' });
        const bytes = task.action === 'UPSCALE' ? singlePng(GRID_COLOURS[task.index - 1]!, 512) : gridPng();
        res.writeHead(200, { 'content-type': 'image/png', 'content-length': bytes.length }).end(bytes);
        return;
      }
      const body = req.method === 'POST' ? await readJson(req) : {};
      const secret = req.headers['mj-api-secret'] as string | undefined;
      calls.push({ method: req.method ?? 'GET', path, secret, body });
      if (secret !== FAKE_MJ_SECRET) return send(res, 401, { code: 401, description: 'Unauthorized' });
      if (req.method === 'POST' && path === '/mj/submit/imagine') {
        const prompt = String(body.prompt ?? '');
        if (!prompt.trim()) return send(res, 200, { code: 4, description: 'prompt不能为空', result: null });
        if (/forbidden/i.test(prompt)) return send(res, 200, { code: 24, description: '可能包含敏感词', result: null });
        return send(res, 200, {
          code: 1,
          description: '提交成功',
          properties: {},
          result: newTask('IMAGINE', prompt).id,
        });
      }
      if (req.method === 'POST' && path === '/mj/submit/change') {
        const origin = tasks.get(String(body.taskId ?? ''));
        const action = String(body.action);
        const index = Number(body.index);
        if (!origin) return send(res, 200, { code: 3, description: '关联任务不存在或已失效', result: null });
        if ((action !== 'UPSCALE' && action !== 'VARIATION') || !(index >= 1 && index <= 4))
          return send(res, 200, { code: 4, description: 'action参数错误', result: null });
        const task = newTask(action, origin.prompt, index);
        return send(res, 200, { code: 1, description: '提交成功', properties: {}, result: task.id });
      }
      const fetch = /^\/mj\/task\/([^/]+)\/fetch$/.exec(path);
      if (req.method === 'GET' && fetch) {
        const task = tasks.get(decodeURIComponent(fetch[1]!));
        return task ? send(res, 200, view(task)) : send(res, 404, { code: 404, description: 'not found' });
      }
      send(res, 404, { code: 404, description: 'not found' });
    })();
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    secret: FAKE_MJ_SECRET,
    calls,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
