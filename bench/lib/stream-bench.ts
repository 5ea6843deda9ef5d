/**
 * The driver's side of the stream benchmarks (bench/sse-idle.bench.ts, bench/ai-stream.bench.ts):
 * starting bench/lib/stream-server.ts, holding server-sent event streams over real sockets, the list
 * endpoint's latency under load, and percentiles. Clocks are this process's performance.now().
 */
import { fork, type ChildProcess } from 'node:child_process';
import { request, type ClientRequest } from 'node:http';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { SseParser, type SseMessage } from '../../protocol/sse-parser';
import { runLoad } from './http-load';
import { ask } from './envelope-measure';
import type { StreamServerInit, StreamServerReady } from './stream-server';

export const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
/** Concurrent list clients of the latency measure (each one request in flight at a time). */
export const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 8);

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
export const median = (values: number[]) => percentile(values, 50);
export const ms = (value: number) => `${value.toFixed(1)} ms`;

export interface StreamServer extends StreamServerReady {
  child: ChildProcess;
  origin: string;
  stop(): Promise<void>;
}

export async function startStreamServer(init: Omit<StreamServerInit, 'type'>): Promise<StreamServer> {
  const child = fork(join(import.meta.dirname, 'stream-server.ts'), [], {
    // BENCH_PROFILE=<dir>: a V8 CPU profile of the server process, written when it stops.
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : []),
    ],
    env: process.env,
  });
  child.on('exit', (code) => {
    if (code) {
      console.error(`stream server exited with ${code}`);
      process.exit(1);
    }
  });
  const ready = await ask<StreamServerReady>(child, { type: 'init', ...init }, 'ready');
  return {
    ...ready,
    child,
    origin: `http://127.0.0.1:${ready.port}`,
    stop: async () => {
      child.removeAllListeners('exit');
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send({ type: 'stop' });
      await exited;
    },
  };
}

/** A stream held open on its own socket (as a browser holds it), its messages stamped on arrival. */
export interface HeldStream {
  req: ClientRequest;
  /** The first message (the event stream's stream.open, the chat stream's connection id). */
  first: SseMessage;
  ended: boolean;
  onMessage?: (message: SseMessage, at: number) => void;
}

export function holdStream(origin: string, path: string, token: string): Promise<HeldStream> {
  return new Promise((resolve, reject) => {
    const parser = new SseParser();
    const held = { ended: false } as HeldStream;
    held.req = request(`${origin}${path}`, { agent: false, headers: { authorization: token } }, (res) => {
      if (res.statusCode !== 200) return reject(new Error(`${path} refused: ${res.statusCode}`));
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        const at = performance.now();
        for (const message of parser.feed(text)) {
          if (!held.first) {
            held.first = message;
            resolve(held);
          } else held.onMessage?.(message, at);
        }
      });
      res.on('close', () => (held.ended = true));
    });
    held.req.on('error', (error) => (held.first ? (held.ended = true) : reject(error)));
    held.req.end();
  });
}

/** Opens `count` streams, 100 at a time, token i / perToken each. */
export async function holdMany(
  origin: string,
  path: string,
  tokens: string[],
  count: number,
  perToken: number,
): Promise<HeldStream[]> {
  const held: HeldStream[] = [];
  for (let i = 0; i < count; i += 100) {
    const batch = Math.min(100, count - i);
    held.push(
      ...(await Promise.all(
        Array.from({ length: batch }, (_, j) => holdStream(origin, path, tokens[Math.floor((i + j) / perToken)]!)),
      )),
    );
  }
  return held;
}

export function release(streams: HeldStream[]): void {
  for (const stream of streams) stream.req.destroy();
}

/** How often the driver's own event loop is sampled for lag (ms). */
const LAG_RESOLUTION_MS = 2;

/**
 * The list endpoint (a counted page of 10 of the demo customers) under CONCURRENCY clients; beside
 * it this driver's own event-loop lag over the window (beyond the sampling interval): a reply
 * waits in the socket while the driver is busy (the fake provider, held streams' readers), and
 * that wait counts in the latency too.
 */
export async function listLatency(port: number, token: string, seconds = SECONDS) {
  const body = Buffer.from(JSON.stringify({ isPage: true, current: 1, pageSize: 10 }));
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const result = await runLoad({
    port,
    durationMs: seconds * 1000,
    concurrency: CONCURRENCY,
    recordLatency: true,
    next: () => ({ method: 'POST', path: '/api/common/customer/list', headers: { authorization: token }, body }),
  });
  lag.disable();
  if (result.errors) throw new Error(`list: ${result.errors} errors, first: ${result.firstError}`);
  const latencies = result.latenciesMs!;
  return {
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    rps: (result.requests / result.elapsedMs) * 1000,
    driverLagP99: Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS),
    driverLagMax: Math.max(0, lag.max / 1e6 - LAG_RESOLUTION_MS),
  };
}

/** A JSON call over a fresh connection; the reply's `data` (throws unless code 200). */
export function call(origin: string, path: string, token: string, body?: unknown): Promise<any> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { authorization: token };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const req = request(
      `${origin}${path}`,
      { method: body === undefined ? 'GET' : 'POST', agent: false, headers },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => {
          const reply = JSON.parse(text) as { code: string; data: unknown };
          if (reply.code === '200') resolve(reply.data);
          else reject(new Error(`${path}: ${text.slice(0, 300)}`));
        });
      },
    );
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

export function verdict(met: boolean): string {
  return met ? 'MET' : 'NOT MET';
}
