/**
 * Load generation for benchmarks. node:http's client costs more per request than the Fastify
 * server it drives, so it cannot saturate the server on a 2-core machine; runLoad therefore speaks
 * HTTP/1.1 over raw keep-alive sockets (one request in flight per socket, no pipelining) and only
 * parses the status line and content-length of each reply. `send` (node:http) is for one-off
 * checks where the whole reply matters.
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

export interface LoadRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** A Buffer lets a large body be built once and reused. */
  body?: string | Buffer;
}

export interface LoadResult {
  requests: number;
  errors: number;
  elapsedMs: number;
  firstError?: string;
  /** Each reply's time since its request was written (ms), when runLoad was asked to record them. */
  latenciesMs?: number[];
}

export interface HttpReply {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export function send(agent: Agent, port: number, req: LoadRequest): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { ...req.headers };
    if (req.body !== undefined) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = Buffer.byteLength(req.body);
    }
    const r = request({ host: '127.0.0.1', port, method: req.method, path: req.path, headers, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    r.on('error', reject);
    r.end(req.body);
  });
}

function head(req: LoadRequest): string {
  let text = `${req.method} ${req.path} HTTP/1.1\r\nhost: 127.0.0.1\r\n`;
  for (const [name, value] of Object.entries(req.headers)) text += `${name}: ${value}\r\n`;
  if (req.body !== undefined) {
    text += `content-type: application/json\r\ncontent-length: ${Buffer.byteLength(req.body)}\r\n`;
  }
  return `${text}\r\n`;
}

const HEADER_END = Buffer.from('\r\n\r\n');

/** Sends requests one after another on a socket; resolves when the time box ends. */
function connection(port: number, end: number, next: () => LoadRequest, result: LoadResult): Promise<void> {
  return new Promise((resolve, reject) => {
    const socket: Socket = connect({ host: '127.0.0.1', port, noDelay: true });
    let buffer: Buffer = Buffer.alloc(0);
    let expected = -1; // total bytes of the current reply, once its header is in
    let status = 0;
    let sentAt = 0;
    const write = () => {
      const req = next();
      sentAt = performance.now();
      socket.cork();
      socket.write(head(req));
      if (req.body !== undefined) socket.write(req.body);
      socket.uncork();
    };
    socket.on('connect', write);
    socket.on('error', reject);
    socket.on('data', (chunk: Buffer) => {
      buffer = buffer.length === 0 ? chunk : Buffer.concat([buffer, chunk]);
      if (expected < 0) {
        const at = buffer.indexOf(HEADER_END);
        if (at < 0) return;
        const header = buffer.subarray(0, at).toString('latin1');
        status = Number(header.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(header);
        if (!length) return reject(new Error('reply without content-length'));
        expected = at + HEADER_END.length + Number(length[1]);
      }
      if (buffer.length < expected) return;
      result.requests++;
      result.latenciesMs?.push(performance.now() - sentAt);
      if (status !== 200) {
        result.errors++;
        result.firstError ??= `${status} ${buffer.subarray(0, 300).toString('utf8')}`;
      }
      buffer = buffer.subarray(expected);
      expected = -1;
      if (performance.now() < end) write();
      else {
        socket.end();
        resolve();
      }
    });
  });
}

export async function runLoad(options: {
  port: number;
  durationMs: number;
  concurrency: number;
  next: () => LoadRequest;
  /** Keep every reply's latency in result.latenciesMs (for percentiles). */
  recordLatency?: boolean;
}): Promise<LoadResult> {
  const result: LoadResult = { requests: 0, errors: 0, elapsedMs: 0 };
  if (options.recordLatency) result.latenciesMs = [];
  const start = performance.now();
  const end = start + options.durationMs;
  await Promise.all(
    Array.from({ length: options.concurrency }, () => connection(options.port, end, options.next, result)),
  );
  result.elapsedMs = performance.now() - start;
  return result;
}
