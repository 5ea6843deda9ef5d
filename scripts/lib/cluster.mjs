// A cluster on loopback: N Tessera instances on one database and one Redis behind HAProxy (from
// Debian). Used by `npm run cluster` (scripts/cluster.mjs) and by tests/cluster/balancer.test.ts.
// The first instance starts alone (it migrates and seeds; Kysely's migration lock makes concurrent
// starts safe too, this just keeps the logs readable), then the others; HAProxy health-checks each
// on /api/ready, so an instance that dies or loses its database leaves the rotation within ~2 s.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitFor(url, { timeoutMs, child, output }) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child && child.exitCode !== null) throw new Error(`process exited early:\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs} ms:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** HAProxy's configuration: round robin, health checks on /api/ready, SSE-friendly timeouts. */
export function haproxyConfig({ port, instances }) {
  const servers = instances.map((i, n) => `  server i${n + 1} 127.0.0.1:${i.port} check`).join('\n');
  return `global
  maxconn 4096

defaults
  mode http
  log stdout format raw local0 warning
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  # An event stream is a long response: keep it open (the server sends a heartbeat).
  timeout tunnel 1h
  # A request whose instance is gone (connection refused or closed unanswered) is retried on another.
  retries 2
  option redispatch
  retry-on conn-failure empty-response

frontend tessera
  bind 127.0.0.1:${port}
  option forwardfor
  # One id per request, passed to the instance and kept there (server/ops/request-id.ts).
  unique-id-format %[uuid()]
  http-request set-header X-Request-Id %[unique-id]
  default_backend instances

backend instances
  balance roundrobin
  option httpchk GET /api/ready
  http-check expect status 200
  # A dead instance refuses the check's connection at once (out within ~2 s). A busy one only answers
  # late: without 'timeout check' the whole check must fit in 'inter', and under load HAProxy took
  # the busy instances out one after another until none was left (docs/reliability.md "Load").
  timeout check 5s
  default-server inter 1s fall 2 rise 1
${servers}
`;
}

/**
 * Starts the cluster. `command` runs one instance (default: the server bundle); `env` is passed to
 * every instance (DATABASE_URL, REDIS_URL and anything else).
 */
export async function startCluster({
  size = 3,
  port,
  env = {},
  command = [process.execPath, 'dist-server/main.js'],
  cwd = process.cwd(),
  log = () => {},
  haproxy = 'haproxy',
}) {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-cluster-'));
  const instances = [];
  const balancerPort = port ?? (await freePort());

  async function startInstance(n) {
    const instancePort = await freePort();
    let output = '';
    const child = spawn(command[0], command.slice(1), {
      cwd,
      env: {
        ...process.env,
        NODE_ENV: 'production',
        ...env,
        PORT: String(instancePort),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, `data-${n}`),
        // X-Forwarded-For from HAProxy names the client (the IP allow list, sign-in throttles).
        TRUST_PROXY: '127.0.0.1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const instance = { n, port: instancePort, child, logs: () => output, origin: `http://127.0.0.1:${instancePort}` };
    await waitFor(`${instance.origin}/api/ready`, { timeoutMs: 120_000, child, output: () => output });
    log(`instance ${n} ready on ${instance.origin}`);
    return instance;
  }

  try {
    instances.push(await startInstance(1));
    instances.push(...(await Promise.all(Array.from({ length: size - 1 }, (_, i) => startInstance(i + 2)))));
  } catch (error) {
    for (const instance of instances) instance.child.kill('SIGKILL');
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }

  const configFile = join(dir, 'haproxy.cfg');
  writeFileSync(configFile, haproxyConfig({ port: balancerPort, instances }));
  let balancerOutput = '';
  const balancer = spawn(haproxy, ['-db', '-f', configFile], { stdio: ['ignore', 'pipe', 'pipe'] });
  balancer.stdout.on('data', (chunk) => (balancerOutput += chunk));
  balancer.stderr.on('data', (chunk) => (balancerOutput += chunk));
  const origin = `http://127.0.0.1:${balancerPort}`;
  await waitFor(`${origin}/api/ready`, { timeoutMs: 20_000, child: balancer, output: () => balancerOutput });
  log(`balancer (HAProxy) on ${origin}`);

  async function stopProcess(child, signal = 'SIGTERM') {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill(signal);
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  }

  return {
    origin,
    instances,
    balancerLogs: () => balancerOutput,
    /** HAProxy's process id (bench/cluster-load.bench.ts reads its CPU time). */
    balancerPid: balancer.pid,
    configFile,
    /** Graceful stop: the balancer first (no new requests), then every instance (SIGTERM: drain). */
    async stop() {
      await stopProcess(balancer);
      await Promise.all(instances.map((i) => stopProcess(i.child)));
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
