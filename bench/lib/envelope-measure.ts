/**
 * The measuring part shared by the envelope benchmarks (bench/envelope.bench.ts on an echo route,
 * bench/envelope-routes.bench.ts on real routes): a server child process answering `cpu` over IPC,
 * and an off/on comparison in alternating rounds whose medians are reported. "Capacity ratio"
 * compares server CPU per request (process.cpuUsage of the server process), which does not depend
 * on whether the load generator saturates the server; "wall ratio" compares requests per second.
 */
import type { ChildProcess } from 'node:child_process';
import { runLoad, type LoadRequest, type LoadResult } from './http-load';

export const CONCURRENCY = 16;
/** Alternating off/on slices per measurement (BENCH_ROUNDS; more rounds steady the medians on a busy machine). */
export const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

interface Cpu {
  micros: number;
  keyUnwraps: number;
}

export function ask<T>(child: ChildProcess, message: object, type: string): Promise<T> {
  return new Promise((resolve) => {
    const onMessage = (reply: { type: string }) => {
      if (reply.type !== type) return;
      child.off('message', onMessage);
      resolve(reply as T);
    };
    child.on('message', onMessage);
    child.send(message);
  });
}

export async function measure(
  child: ChildProcess,
  port: number,
  next: () => LoadRequest,
  durationMs: number,
): Promise<LoadResult & { cpuPerRequest: number; unwraps: number }> {
  const before = await ask<Cpu>(child, { type: 'cpu' }, 'cpu');
  const result = await runLoad({ port, durationMs, concurrency: CONCURRENCY, next });
  const after = await ask<Cpu>(child, { type: 'cpu' }, 'cpu');
  if (result.errors > 0) throw new Error(`${result.errors} failed requests, first: ${result.firstError}`);
  return {
    ...result,
    cpuPerRequest: (after.micros - before.micros) / result.requests,
    unwraps: after.keyUnwraps - before.keyUnwraps,
  };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

export interface Comparison {
  offRate: number;
  onRate: number;
  offCpu: number;
  onCpu: number;
  /** Median over rounds of on/off requests per second. */
  wall: number;
  /** Median over rounds of off/on server CPU per request. */
  capacity: number;
  /** Requests answered per side, all rounds. */
  offRequests: number;
  onRequests: number;
  /** Requests answered while warming up, both sides. */
  warmRequests: number;
}

/**
 * Warms both sides (JIT, key cache), then alternates short off/on slices: other work on the
 * machine then weighs on both sides alike, and the median round is reported.
 */
export async function compare(
  child: ChildProcess,
  ports: { plain: number; sealed: number },
  plain: () => LoadRequest,
  sealed: () => LoadRequest,
  seconds: number,
): Promise<Comparison> {
  const warm = [
    await runLoad({ port: ports.plain, durationMs: 500, concurrency: CONCURRENCY, next: plain }),
    await runLoad({ port: ports.sealed, durationMs: 500, concurrency: CONCURRENCY, next: sealed }),
  ];
  const failed = warm.find((w) => w.errors > 0);
  if (failed) throw new Error(`${failed.errors} failed requests while warming up, first: ${failed.firstError}`);
  const rounds: { offRate: number; onRate: number; offCpu: number; onCpu: number }[] = [];
  let offRequests = 0;
  let onRequests = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const off = await measure(child, ports.plain, plain, (seconds * 1000) / ROUNDS);
    const on = await measure(child, ports.sealed, sealed, (seconds * 1000) / ROUNDS);
    offRequests += off.requests;
    onRequests += on.requests;
    rounds.push({
      offRate: (off.requests * 1000) / off.elapsedMs,
      onRate: (on.requests * 1000) / on.elapsedMs,
      offCpu: off.cpuPerRequest,
      onCpu: on.cpuPerRequest,
    });
  }
  return {
    offRate: median(rounds.map((r) => r.offRate)),
    onRate: median(rounds.map((r) => r.onRate)),
    offCpu: median(rounds.map((r) => r.offCpu)),
    onCpu: median(rounds.map((r) => r.onCpu)),
    wall: median(rounds.map((r) => r.onRate / r.offRate)),
    capacity: median(rounds.map((r) => r.offCpu / r.onCpu)),
    offRequests,
    onRequests,
    warmRequests: warm[0]!.requests + warm[1]!.requests,
  };
}

export const TABLE_HEAD = [
  '| body | off req/s | on req/s | wall ratio (on/off) | off server CPU µs/req | on server CPU µs/req | capacity ratio (on/off) |',
  '|---|---:|---:|---:|---:|---:|---:|',
];

export function tableRow(label: string, c: Comparison): string {
  return `| ${label} | ${fmt(c.offRate)} | ${fmt(c.onRate)} | ${fmt(c.wall, 2)}x | ${fmt(c.offCpu)} | ${fmt(c.onCpu)} | ${fmt(c.capacity, 2)}x |`;
}
