/**
 * Issue 20 item 6: the list endpoint under 200 concurrent clients, 3 instances vs 1, same run. Both
 * clusters are started by scripts/lib/cluster.mjs (what `npm run cluster` runs): server processes
 * on one PostgreSQL database and one Redis, each cluster behind its own HAProxy, so the balancer's
 * cost is on both sides. A third side, the single instance without HAProxy, shows that cost. Requests
 * are sealed (the demo app's envelope is on, as seeded) with bench/lib/node-sealer.ts: params
 * sealed once, fresh nonce, timestamp and signature per request. Sides alternate over BENCH_ROUNDS
 * rounds of BENCH_SECONDS each; medians are reported. The load generator runs in this process on the
 * same 2 cores as every instance and the database: it is part of what limits the result.
 *
 *   npx tsx bench/cluster-load.bench.ts
 *   BENCH_SECONDS=10 BENCH_ROUNDS=3 BENCH_CONCURRENCY=200 npx tsx bench/cluster-load.bench.ts
 */
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { Agent } from 'node:http';
import pg from 'pg';
import { ClientEnvelope } from '../protocol/envelope/index';
// @ts-expect-error: a plain .mjs module without types (scripts/lib/cluster.mjs)
import { startCluster } from '../scripts/lib/cluster.mjs';
import { runLoad, send, type LoadRequest, type LoadResult } from './lib/http-load';
import { NodeSealer } from './lib/node-sealer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 200);
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const ADMIN_URL = process.env.BENCH_PG_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const CAPTCHA = 'B3NC';
const LIST_PATH = '/api/common/customer/list';
const LIST_BODY = JSON.stringify({
  isPage: true,
  current: 1,
  pageSize: 10,
  showFields: ['id', 'name', 'mobile', 'level', 'industry', 'credit_limit', 'signed_at', 'active'],
  sorts: [{ key: 'credit_limit', order: 'desc' }],
});

interface Cluster {
  origin: string;
  instances: { origin: string; port: number; child: { pid?: number } }[];
  balancerPid: number;
  stop(): Promise<void>;
}

/**
 * CPU seconds (user + system) a process has used, from /proc/<pid>/stat (clock ticks of 10 ms).
 * CPU per request is what carries on a shared machine: throughput and latency move with the load
 * of the others, the work each request costs much less.
 */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
const median = (values: number[]) => percentile(values, 50);

/** Signs in through `origin` with the browser's envelope; returns the token. */
async function signIn(origin: string, envelope: ClientEnvelope, appId: string): Promise<string> {
  const call = async (method: 'GET' | 'POST', path: string, body?: unknown, query?: Record<string, unknown>) => {
    const seal = envelope.seal({ method, path, body, query });
    const headers: Record<string, string> = { 'x-sec-identity-id': appId, ...seal.headers };
    if (seal.body) headers['content-type'] = 'application/json';
    const search = seal.query ? `?${new URLSearchParams(seal.query as Record<string, string>)}` : '';
    const response = await fetch(`${origin}${path}${search}`, {
      method,
      headers,
      body: seal.body ? JSON.stringify(seal.body) : undefined,
    });
    return envelope.open(response.headers, await response.json(), seal.ctx, response.status) as {
      code: string;
      data: any;
    };
  };
  const code = await call('GET', '/api/auth/getPicCode', undefined, { identify: 'demo' });
  const login = await call('POST', '/api/auth/login', {
    identify: 'demo',
    account: 'admin',
    password: 'Tessera@2026',
    codeKey: code.data.codeKey,
    code: CAPTCHA,
  });
  if (login.code !== '200') throw new Error(`sign-in failed: ${JSON.stringify(login)}`);
  return login.data.token as string;
}

async function listCount(instance: { origin: string }): Promise<number> {
  const text = await (await fetch(`${instance.origin}/api/metrics`)).text();
  let total = 0;
  for (const match of text.matchAll(
    /tessera_http_requests_total\{method="POST",route="\/api\/common\/:table\/list"[^}]*\} (\d+)/g,
  )) {
    total += Number(match[1]);
  }
  return total;
}

async function main(): Promise<void> {
  const dbName = `tessera_bench_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const databaseUrl = ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`);
  const env = {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    NODE_ENV: 'test',
    TESSERA_TEST_CAPTCHA: CAPTCHA,
    LOG_LEVEL: 'warn',
    WEB_DIST_DIR: '.tmp/no-dist',
  };
  const command = [process.execPath, '--import', 'tsx', 'server/main.ts'];
  const clusters: Cluster[] = [];
  try {
    // The three-instance cluster first: its first instance migrates and seeds the database.
    const three: Cluster = await startCluster({ size: 3, command, env });
    clusters.push(three);
    const one: Cluster = await startCluster({ size: 1, command, env });
    clusters.push(one);

    const info = await (await fetch(`${three.origin}/api/app/demo`)).json();
    const appId = info.data.id as string;
    const publicKey = info.data.public_key as string;
    const token = await signIn(three.origin, new ClientEnvelope(publicKey), appId);
    const sealer = new NodeSealer(publicKey);
    const sealedToken = sealer.encrypt(token);
    const params = sealer.encrypt(LIST_BODY);
    const body = Buffer.from(JSON.stringify({ params }));
    const next = (): LoadRequest => ({
      method: 'POST',
      path: LIST_PATH,
      headers: { 'x-sec-identity-id': appId, ...sealer.headers('POST', LIST_PATH, params, '', sealedToken).headers },
      body,
    });

    const portOf = (origin: string) => Number(new URL(origin).port);
    const pidsOf = (cluster: Cluster) => cluster.instances.map((i) => i.child.pid!);
    const sides = [
      { label: '1 instance behind HAProxy', port: portOf(one.origin), pids: pidsOf(one), balancer: one.balancerPid },
      {
        label: '3 instances behind HAProxy',
        port: portOf(three.origin),
        pids: pidsOf(three),
        balancer: three.balancerPid,
      },
      { label: '1 instance, direct (no balancer)', port: one.instances[0]!.port, pids: pidsOf(one), balancer: 0 },
      // Isolates the balancer from the instances: one of the three taking the whole load, the others idle.
      { label: '1 of the 3 instances, direct', port: three.instances[0]!.port, pids: pidsOf(three), balancer: 0 },
    ];

    // Correctness first: each side answers the sealed list with a page of 10 rows.
    const agent = new Agent({ keepAlive: false });
    for (const side of sides) {
      const probe = sealer.headers('POST', LIST_PATH, params, '', sealedToken);
      const reply = await send(agent, side.port, {
        ...next(),
        headers: { 'x-sec-identity-id': appId, ...probe.headers },
      });
      const opened = new ClientEnvelope(publicKey).open(
        reply.headers,
        JSON.parse(reply.body.toString('utf8')),
        probe.ctx,
        reply.status,
      ) as {
        code: string;
        data: { list: unknown[] };
      };
      if (opened.code !== '200' || opened.data.list.length !== 10) {
        throw new Error(`${side.label}: bad list reply ${reply.body.toString('utf8').slice(0, 200)}`);
      }
      // Warm-up: JIT, pools and each instance's cache of the content key.
      await runLoad({ port: side.port, durationMs: 3000, concurrency: CONCURRENCY, next });
    }

    // What the instances burn with no requests (health checks every second, timers): subtracted below,
    // so "CPU per request" is the requests' own work, not three idle processes' upkeep.
    const idlePerSecond = new Map<number, number>();
    const quiet = [...new Set(sides.flatMap((side) => side.pids))];
    const quietBefore = quiet.map(cpuSeconds);
    await new Promise((resolve) => setTimeout(resolve, 5000));
    quiet.forEach((pid, i) => idlePerSecond.set(pid, (cpuSeconds(pid) - quietBefore[i]!) / 5));
    console.log(
      `idle CPU per instance: ${quiet.map((pid) => `${(idlePerSecond.get(pid)! * 1000).toFixed(0)} ms/s`).join(', ')}`,
    );

    const load = [loadavg()[0]!];
    const perSide = sides.map(() => ({
      rps: [] as number[],
      p99: [] as number[],
      p50: [] as number[],
      /** CPU ms per request: the instances, HAProxy, and this load generator. */
      serverCpu: [] as number[],
      balancerCpu: [] as number[],
      clientCpu: [] as number[],
      errors: 0,
    }));
    const countsBefore = await Promise.all(three.instances.map(listCount));
    console.log(
      `List endpoint, sealed, ${CONCURRENCY} concurrent clients, PostgreSQL + Redis, ${ROUNDS} rounds x ${SECONDS}s ` +
        `per side (alternating), node ${process.version}, load before ${load[0]!.toFixed(1)}`,
    );
    for (let round = 0; round < ROUNDS; round++) {
      for (const [i, side] of sides.entries()) {
        const cpuBefore = side.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0);
        const balancerBefore = side.balancer ? cpuSeconds(side.balancer) : 0;
        const clientBefore = process.cpuUsage();
        const result: LoadResult = await runLoad({
          port: side.port,
          durationMs: SECONDS * 1000,
          concurrency: CONCURRENCY,
          next,
          recordLatency: true,
        });
        const client = process.cpuUsage(clientBefore);
        const perRequest = (seconds: number) => (seconds * 1000) / result.requests;
        const idle = side.pids.reduce((sum, pid) => sum + idlePerSecond.get(pid)!, 0) * (result.elapsedMs / 1000);
        const serverCpu = perRequest(side.pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpuBefore - idle);
        const balancerCpu = side.balancer ? perRequest(cpuSeconds(side.balancer) - balancerBefore) : 0;
        const clientCpu = perRequest((client.user + client.system) / 1e6);
        const rps = (result.requests / result.elapsedMs) * 1000;
        const p99 = percentile(result.latenciesMs!, 99);
        const p50 = percentile(result.latenciesMs!, 50);
        perSide[i]!.rps.push(rps);
        perSide[i]!.p99.push(p99);
        perSide[i]!.p50.push(p50);
        perSide[i]!.errors += result.errors;
        perSide[i]!.serverCpu.push(serverCpu);
        perSide[i]!.balancerCpu.push(balancerCpu);
        perSide[i]!.clientCpu.push(clientCpu);
        if (result.errors) console.log(`  errors on ${side.label}: ${result.errors}, first: ${result.firstError}`);
        console.log(
          `  round ${round + 1} ${side.label.padEnd(34)} ${rps.toFixed(0).padStart(6)} req/s  p50 ${p50.toFixed(0)} ms  p99 ${p99.toFixed(0)} ms  ` +
            `CPU/request (net of idle): instances ${serverCpu.toFixed(2)} ms, HAProxy ${balancerCpu.toFixed(2)} ms, client ${clientCpu.toFixed(2)} ms`,
        );
      }
      load.push(loadavg()[0]!);
    }
    const countsAfter = await Promise.all(three.instances.map(listCount));
    const spread = countsAfter.map((count, i) => count - countsBefore[i]!);

    console.log(
      '\n| side | req/s (median) | p50 ms | p99 ms | CPU ms/request (instances net of idle) · HAProxy · client | errors |',
    );
    console.log('|---|---|---|---|---|---|');
    for (const [i, side] of sides.entries()) {
      const s = perSide[i]!;
      console.log(
        `| ${side.label} | ${median(s.rps).toFixed(0)} | ${median(s.p50).toFixed(0)} | ${median(s.p99).toFixed(0)} | ` +
          `${median(s.serverCpu).toFixed(2)} · ${median(s.balancerCpu).toFixed(2)} · ${median(s.clientCpu).toFixed(2)} | ${s.errors} |`,
      );
    }
    const [oneSide, threeSide, direct] = perSide as [(typeof perSide)[0], (typeof perSide)[0], (typeof perSide)[0]];
    console.log(`\nthroughput, 3 instances / 1: ${(median(threeSide.rps) / median(oneSide.rps)).toFixed(2)}x`);
    console.log(`p99, 3 instances / 1: ${(median(threeSide.p99) / median(oneSide.p99)).toFixed(2)}x (lower is better)`);
    console.log(
      `HAProxy's cost, 1 instance behind it / direct: ${(median(oneSide.rps) / median(direct.rps)).toFixed(2)}x throughput`,
    );
    console.log(`requests per instance of the 3 (during the rounds): ${spread.join(', ')}`);
    console.log(`load average (1 min) over the run: ${load.map((l) => l.toFixed(1)).join(' → ')}`);
    const errors = perSide.reduce((sum, s) => sum + s.errors, 0);
    if (errors) throw new Error(`${errors} requests failed`);
  } finally {
    for (const cluster of clusters) await cluster.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
