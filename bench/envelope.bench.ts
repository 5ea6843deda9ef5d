/**
 * Crypto envelope: server throughput with the envelope on vs off, 300-byte and 100 KB JSON bodies
 * echoed back (so request opening and reply sealing are both paid). Run:
 *   npx tsx bench/envelope.bench.ts            (BENCH_SECONDS=3 per run by default)
 * The server runs in its own process; the ratio that matters is server CPU per request (the load
 * generator shares the machine and can be the bottleneck for small bodies, which flattens the
 * wall-clock ratio). Requests are pre-sealed: the body is encrypted once per size, and each request
 * gets a fresh nonce, timestamp and signature, so client cost stays small. Target: on >= 0.8x off.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { sm2 } from 'sm-crypto-v2';
import { ClientEnvelope } from '../protocol/envelope/client';
import { runLoad, send, type LoadRequest, type LoadResult } from './lib/http-load';
import { NodeSealer } from './lib/node-sealer';

/** Measured seconds per body size and side, split over ROUNDS alternating slices. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = 5;
const CONCURRENCY = 16;
const PATH = '/api/echo';

interface Cpu {
  micros: number;
  keyUnwraps: number;
}

function makeBody(targetBytes: number): string {
  const rows: Record<string, unknown>[] = [];
  let i = 0;
  while (JSON.stringify({ rows }).length < targetBytes) {
    rows.push({ id: `c${i}`, name: `客户${i} 🚀`, city: 'Shanghai 上海', amount: i * 3.25, active: i % 2 === 0 });
    i++;
  }
  rows.pop();
  return JSON.stringify({ rows, pad: 'x'.repeat(Math.max(0, targetBytes - JSON.stringify({ rows, pad: '' }).length)) });
}

function ask<T>(child: ChildProcess, message: object, type: string): Promise<T> {
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

async function measure(
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

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

const fmt = (n: number, digits = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

async function main(): Promise<void> {
  const pair = sm2.generateKeyPairHex();
  const serverFile = fileURLToPath(new URL('./lib/envelope-server.ts', import.meta.url));
  // BENCH_PROFILE=dir writes a V8 CPU profile of the server process there.
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = fork(serverFile, [], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await ask<{ plainPort: number; sealedPort: number }>(
    child,
    { type: 'init', privateKey: pair.privateKey },
    'ready',
  );
  const sealer = new NodeSealer(pair.publicKey);
  const appHeaders = { 'x-sec-identity-id': 'bench' };

  // Correctness first: one sealed round trip, verified and decrypted by the browser implementation.
  {
    const params = sealer.encrypt('{"probe":"探针 ✓"}');
    const { headers, ctx } = sealer.headers('POST', PATH, params);
    const agent = new Agent({ keepAlive: false });
    const reply = await send(agent, ready.sealedPort, {
      method: 'POST',
      path: PATH,
      headers: { ...appHeaders, ...headers },
      body: JSON.stringify({ params }),
    });
    const opened = new ClientEnvelope(pair.publicKey).open(
      reply.headers,
      JSON.parse(reply.body.toString('utf8')),
      ctx,
      reply.status,
    );
    if (JSON.stringify(opened) !== '{"code":"200","message":"ok","data":{"probe":"探针 ✓"}}')
      throw new Error('probe failed');
  }

  console.log(
    `Crypto envelope, echo of a JSON body, ${CONCURRENCY} in flight, ${SECONDS}s per side in ${ROUNDS} alternating rounds (medians), node ${process.version}`,
  );
  console.log(
    '| body | off req/s | on req/s | wall ratio (on/off) | off server CPU µs/req | on server CPU µs/req | capacity ratio (on/off) |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  let worst = Infinity;
  // BENCH_SIZES=300 (comma list of byte sizes) narrows the run, e.g. for profiling.
  const sizes = (process.env.BENCH_SIZES ?? `300,${100 * 1024}`).split(',').map(Number);
  for (const bytes of sizes) {
    const label = bytes >= 1024 ? `${Math.round(bytes / 1024)} KB` : `${bytes} B`;
    const json = makeBody(bytes);
    const params = sealer.encrypt(json);
    const plainBody = Buffer.from(json);
    const sealedBody = Buffer.from(JSON.stringify({ params }));
    const plain = (): LoadRequest => ({ method: 'POST', path: PATH, headers: appHeaders, body: plainBody });
    const sealed = (): LoadRequest => ({
      method: 'POST',
      path: PATH,
      headers: { ...appHeaders, ...sealer.headers('POST', PATH, params).headers },
      body: sealedBody,
    });
    // Warm both paths (JIT, key cache), then alternate short off/on slices: other work on the
    // machine then weighs on both sides alike, and the median round is reported.
    await runLoad({ port: ready.plainPort, durationMs: 500, concurrency: CONCURRENCY, next: plain });
    await runLoad({ port: ready.sealedPort, durationMs: 500, concurrency: CONCURRENCY, next: sealed });
    const rounds: { offRate: number; onRate: number; offCpu: number; onCpu: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const off = await measure(child, ready.plainPort, plain, (SECONDS * 1000) / ROUNDS);
      const on = await measure(child, ready.sealedPort, sealed, (SECONDS * 1000) / ROUNDS);
      rounds.push({
        offRate: (off.requests * 1000) / off.elapsedMs,
        onRate: (on.requests * 1000) / on.elapsedMs,
        offCpu: off.cpuPerRequest,
        onCpu: on.cpuPerRequest,
      });
    }
    const offRate = median(rounds.map((r) => r.offRate));
    const onRate = median(rounds.map((r) => r.onRate));
    const offCpu = median(rounds.map((r) => r.offCpu));
    const onCpu = median(rounds.map((r) => r.onCpu));
    const wall = median(rounds.map((r) => r.onRate / r.offRate));
    const capacity = median(rounds.map((r) => r.offCpu / r.onCpu));
    worst = Math.min(worst, capacity);
    console.log(
      `| ${label} (${fmt(json.length)} chars) | ${fmt(offRate)} | ${fmt(onRate)} | ${fmt(wall, 2)}x | ${fmt(offCpu)} | ${fmt(onCpu)} | ${fmt(capacity, 2)}x |`,
    );
  }

  // Why the key cache matters: a new content key on every request means one SM2 decryption each.
  {
    const json = makeBody(300);
    const next = (): LoadRequest => {
      sealer.rotate();
      const params = sealer.encrypt(json);
      return {
        method: 'POST',
        path: PATH,
        headers: { ...appHeaders, ...sealer.headers('POST', PATH, params).headers },
        body: JSON.stringify({ params }),
      };
    };
    const r = await measure(child, ready.sealedPort, next, Math.min(2, SECONDS) * 1000);
    console.log(
      `\nWithout key reuse (SM2 unwrap per request, 300 B): ${fmt((r.requests * 1000) / r.elapsedMs)} req/s, ` +
        `${fmt(r.cpuPerRequest)} µs CPU/req, ${r.unwraps} unwraps for ${r.requests} requests`,
    );
  }
  console.log(
    `\nWorst capacity ratio on/off: ${fmt(worst, 2)}x (target >= 0.80x): ${worst >= 0.8 ? 'met' : 'NOT met'}`,
  );
  child.send({ type: 'stop' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
