/**
 * Crypto envelope: server throughput with the envelope on vs off, 300-byte and 100 KB JSON bodies
 * echoed back (so request opening and reply sealing are both paid). Run:
 *   npx tsx bench/envelope.bench.ts            (BENCH_SECONDS=3 per run by default)
 * The server runs in its own process; the ratio that matters is server CPU per request (the load
 * generator shares the machine and can be the bottleneck for small bodies, which flattens the
 * wall-clock ratio). Requests are pre-sealed: the body is encrypted once per size, and each request
 * gets a fresh nonce, timestamp and signature, so client cost stays small. Target: on >= 0.8x off.
 */
import { fork } from 'node:child_process';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { sm2 } from 'sm-crypto-v2';
import { ClientEnvelope } from '../protocol/envelope/client';
import { send, type LoadRequest } from './lib/http-load';
import { CONCURRENCY, ROUNDS, TABLE_HEAD, ask, compare, fmt, measure, tableRow } from './lib/envelope-measure';
import { NodeSealer } from './lib/node-sealer';
import { makeBody } from './lib/envelope-body';

/** Measured seconds per body size and side, split over ROUNDS alternating slices. */
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const PATH = '/api/echo';

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
  for (const line of TABLE_HEAD) console.log(line);
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
    const result = await compare(child, { plain: ready.plainPort, sealed: ready.sealedPort }, plain, sealed, SECONDS);
    worst = Math.min(worst, result.capacity);
    console.log(tableRow(`${label} (${fmt(json.length)} chars)`, result));
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
