/**
 * An OpenAI-compatible chat-completions server on loopback (the protocol DeepSeek, DashScope's
 * compatible mode, Qianfan v2, Ollama and vLLM all speak): POST {base}/chat/completions with a
 * bearer key, `stream: true` answered as server-sent events (`data: {chunk}` … `data: [DONE]`),
 * `stream_options.include_usage` answered with a final usage chunk. Behaviours are chosen by the
 * model name, so one fake serves every case of the AI tests and `npm run dev:fakes`:
 *   fake-chat        streams an answer that quotes the last user message, word by word
 *   fake-slow        waits `slowMs` before the first token
 *   fake-drip        a token every `slowMs / 4` (an answer a person can watch grow, and stop midway)
 *   fake-disconnect  sends two tokens, then drops the connection
 *   fake-busy        429 with Retry-After: 0 on the first call of each conversation, then fake-chat
 *   fake-broken      a chunk that is not JSON
 *   fake-hang        sends headers, then nothing
 *   fake-paced       `paceChunks` pieces, one every `paceMs` on the answer's own schedule (from its
 *                    start, not from the previous write), each the fake's performance.now() at the
 *                    moment it is written ("12345.678 "): the relay benchmark (bench/ai-stream.bench.ts,
 *                    same process) times each piece from the fake's write to the client's read
 *   fake-plan        the app generator's canned plans and the designer's described changes
 *                    (fixtures/ai-generator/*.json, describe-*.json for the latter): the first user
 *                    message picks the fixture by its prompt (an unknown one gets valid.json), and
 *                    the number of repair rounds so far picks the answer (the last one repeats)
 * A wrong key answers 401 with OpenAI's error body. Every request is recorded.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const PLAN_FIXTURES = join(import.meta.dirname, '../../../fixtures/ai-generator');

interface PlanFixture {
  prompt: string;
  answers: unknown[];
  /** A pause before answering (the e2e watches the progress timeline). */
  delayMs?: number;
}

/** The canned answer for a conversation: by its first question, then by how many repairs were asked. */
export function fakePlanAnswer(messages: { role: string; content: string }[]): { text: string; delayMs: number } {
  const fixtures = readdirSync(PLAN_FIXTURES)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(PLAN_FIXTURES, f), 'utf8')) as PlanFixture & { file: string });
  const questions = messages.filter((m) => m.role === 'user');
  const first = questions[0]?.content.trim() ?? '';
  const fixture =
    fixtures.find((f) => f.prompt === first) ??
    (JSON.parse(readFileSync(join(PLAN_FIXTURES, 'valid.json'), 'utf8')) as PlanFixture);
  const answer = fixture.answers[Math.min(questions.length - 1, fixture.answers.length - 1)];
  return { text: typeof answer === 'string' ? answer : JSON.stringify(answer), delayMs: fixture.delayMs ?? 0 };
}

export interface FakeChatCall {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    stream?: boolean;
    messages?: { role: string; content: string }[];
    stream_options?: { include_usage?: boolean };
    response_format?: { type: string };
  };
}

export interface FakeOpenAi {
  /** The base URL a model is configured with (…/v1). */
  url: string;
  key: string;
  calls: FakeChatCall[];
  /** Delay of fake-slow's first token. */
  slowMs: number;
  /** fake-paced: the pause between pieces, and how many pieces an answer has. */
  paceMs: number;
  paceChunks: number;
  close(): Promise<void>;
}

export const FAKE_OPENAI_KEY = 'sk-fake-5f0c9a7e21d84b36';

/** The words fake-chat streams for a question: deterministic, so tests can assert the whole answer. */
export function fakeAnswerWords(question: string): string[] {
  return ['You', ' asked:', ` ${question.slice(0, 200)}`, '.', ' Here', ' is', ' my', ' answer', '.'];
}

function sendJson(res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(JSON.stringify(value));
}

function errorBody(message: string, type: string, code: string | null) {
  return { error: { message, type, param: null, code } };
}

const chunkOf = (model: string, content: string | undefined, finish: string | null, usage?: unknown) => ({
  id: 'chatcmpl-fake',
  object: 'chat.completion.chunk',
  created: Math.floor(Date.now() / 1000),
  model,
  choices: usage ? [] : [{ index: 0, delta: content === undefined ? {} : { content }, finish_reason: finish }],
  ...(usage ? { usage } : {}),
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function startFakeOpenAi(
  options: { port?: number; slowMs?: number; paceMs?: number; paceChunks?: number } = {},
): Promise<FakeOpenAi> {
  const calls: FakeChatCall[] = [];
  const busySeen = new Set<string>();
  const sockets = new Set<Socket>();
  const state = { slowMs: options.slowMs ?? 1500, paceMs: options.paceMs ?? 20, paceChunks: options.paceChunks ?? 20 };

  const stream = async (req: IncomingMessage, res: ServerResponse, call: FakeChatCall) => {
    const model = call.body.model ?? 'fake-chat';
    const messages = call.body.messages ?? [];
    const question = [...messages].reverse().find((m) => m.role === 'user')?.content ?? '';
    const words = model === 'fake-paced' ? [] : fakeAnswerWords(question);
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    if (model === 'fake-hang') return; // headers only: the caller's timeout or stop must end it
    const send = (value: unknown) => res.write(`data: ${JSON.stringify(value)}\n\n`);
    if (model === 'fake-slow') await sleep(state.slowMs);
    send(chunkOf(model, '', null)); // the role-only first chunk real providers send
    // fake-paced keeps each answer on its own schedule (piece i at start + i x paceMs) rather than
    // pausing paceMs after each write: with a pause, the answers whose timers fire late together
    // (any lag of this process) start their next pause together and stay locked in phase for good,
    // so 500 answers started over seconds drift into bursts of 60-130 pieces within 5 ms that grow
    // with the driver's load (docs/benchmarks-log.md, issue 18 session 2).
    const startedAt = performance.now();
    for (let i = 0; model === 'fake-paced' && i < state.paceChunks && !res.destroyed; i++) {
      if (i > 0) await sleep(startedAt + i * state.paceMs - performance.now());
      send(chunkOf(model, `${performance.now().toFixed(3)} `, null));
    }
    for (let i = 0; i < words.length; i++) {
      if (res.destroyed) return;
      if (model === 'fake-disconnect' && i === 2) {
        req.socket.destroy();
        return;
      }
      if (model === 'fake-broken' && i === 3) {
        res.write('data: {not json\n\n');
        continue;
      }
      send(chunkOf(model, words[i], null));
      await sleep(model === 'fake-drip' ? state.slowMs / 4 : 5);
    }
    send(chunkOf(model, undefined, 'stop'));
    if (call.body.stream_options?.include_usage) {
      const prompt = messages.reduce((sum, m) => sum + Math.ceil(String(m.content).length / 4), 0);
      const pieces = model === 'fake-paced' ? state.paceChunks : words.length;
      send(
        chunkOf(model, undefined, null, {
          prompt_tokens: prompt,
          completion_tokens: pieces,
          total_tokens: prompt + pieces,
        }),
      );
    }
    res.end('data: [DONE]\n\n');
  };

  const server = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://fake').pathname;
      let body: FakeChatCall['body'];
      try {
        body = raw ? (JSON.parse(raw) as FakeChatCall['body']) : {};
      } catch {
        return sendJson(res, 400, errorBody('invalid JSON body', 'invalid_request_error', null));
      }
      const call: FakeChatCall = { path, authorization: req.headers.authorization, body };
      calls.push(call);
      if (req.method === 'GET' && path.endsWith('/models'))
        return sendJson(res, 200, { object: 'list', data: [{ id: 'fake-chat', object: 'model' }] });
      if (req.method !== 'POST' || !path.endsWith('/chat/completions'))
        return sendJson(res, 404, errorBody(`no route ${path}`, 'invalid_request_error', null));
      if (req.headers.authorization !== `Bearer ${FAKE_OPENAI_KEY}`)
        return sendJson(res, 401, errorBody('Incorrect API key provided.', 'invalid_request_error', 'invalid_api_key'));
      const conversation = JSON.stringify(body.messages ?? []);
      if (body.model === 'fake-busy' && !busySeen.has(conversation)) {
        busySeen.add(conversation);
        return sendJson(res, 429, errorBody('Rate limit reached.', 'requests', 'rate_limit_exceeded'), {
          'retry-after': '0',
        });
      }
      if (body.stream) return void stream(req, res, call);
      const question = [...(body.messages ?? [])].reverse().find((m) => m.role === 'user')?.content ?? '';
      const plan = body.model === 'fake-plan' ? fakePlanAnswer(body.messages ?? []) : undefined;
      const content = plan ? plan.text : fakeAnswerWords(question).join('');
      const answer = () =>
        sendJson(res, 200, {
          id: 'chatcmpl-fake',
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: { prompt_tokens: 10, completion_tokens: 9, total_tokens: 19 },
        });
      if (plan?.delayMs) setTimeout(answer, plan.delayMs);
      else answer();
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    key: FAKE_OPENAI_KEY,
    calls,
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(value: number) {
      state.slowMs = value;
    },
    get paceMs() {
      return state.paceMs;
    },
    set paceMs(value: number) {
      state.paceMs = value;
    },
    get paceChunks() {
      return state.paceChunks;
    },
    set paceChunks(value: number) {
      state.paceChunks = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
