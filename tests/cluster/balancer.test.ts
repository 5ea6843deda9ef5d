/**
 * Three instances behind HAProxy on one PostgreSQL database and one Redis (scripts/lib/cluster.mjs,
 * what `npm run cluster` starts), the envelope on as seeded: requests spread over the instances, a
 * sign-out counts on all of them at once although each caches sessions for 60 s, and a kill -9 of
 * an instance costs the user no failed request.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
// @ts-expect-error: a plain .mjs module without types (scripts/lib/cluster.mjs)
import { startCluster } from '../../scripts/lib/cluster.mjs';
import { createTestDatabase, type TestDatabase } from '../helpers/databases';
import { SealedClient } from '../helpers/sealed-client';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const CAPTCHA = 'C1US';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

interface Instance {
  n: number;
  origin: string;
  child: import('node:child_process').ChildProcess;
}
let database: TestDatabase;
let cluster: { origin: string; instances: Instance[]; stop(): Promise<void>; balancerLogs(): string };

beforeAll(async () => {
  database = await createTestDatabase('postgres');
  cluster = await startCluster({
    size: 3,
    command: [process.execPath, '--import', 'tsx', 'server/main.ts'],
    env: {
      DATABASE_URL: database.url,
      REDIS_URL,
      NODE_ENV: 'test',
      TESSERA_TEST_CAPTCHA: CAPTCHA,
      LOG_LEVEL: 'warn',
      AUTH_CACHE_TTL_MS: '60000',
      WEB_DIST_DIR: '.tmp/no-dist',
    },
  });
}, 300_000);

afterAll(async () => {
  await cluster?.stop();
  await database?.drop();
});

async function healthCount(origin: string): Promise<number> {
  const text = await (await fetch(`${origin}/api/metrics`)).text();
  const line = /tessera_http_requests_total\{method="GET",route="\/api\/health",status="200"\} (\d+)/.exec(text);
  return line ? Number(line[1]) : 0;
}

it('spreads requests over every instance, each answer carrying the balancer request id', async () => {
  for (let i = 0; i < 30; i++) {
    const response = await fetch(`${cluster.origin}/api/health`);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-request-id')).toMatch(UUID);
  }
  const counts = await Promise.all(cluster.instances.map((i) => healthCount(i.origin)));
  expect(counts.every((count) => count >= 5)).toBe(true);
});

it('a sign-out through the balancer is refused by every instance at once (their 60 s caches dropped over Redis)', async () => {
  const client = await SealedClient.forApp(cluster.origin);
  await client.signIn(cluster.origin, CAPTCHA);
  // Each instance serves the session and caches it.
  for (const instance of cluster.instances) {
    const listed = await client.call(instance.origin, 'POST', '/api/common/customer/list', {
      isPage: true,
      pageSize: 1,
    });
    expect(listed.code, listed.message).toBe(ResultCode.SUCCESS);
  }
  const out = await client.call(cluster.origin, 'POST', '/api/auth/logout', {});
  expect(out.code).toBe(ResultCode.SUCCESS);
  for (const instance of cluster.instances) {
    const after = await client.call(instance.origin, 'POST', '/api/common/customer/list', {
      isPage: true,
      pageSize: 1,
    });
    expect(after.code).toBe(ResultCode.LOGOUT);
  }
});

it('kill -9 of an instance: every request through the balancer still succeeds, and it leaves the rotation', async () => {
  const victim = cluster.instances[1]!;
  victim.child.kill('SIGKILL');
  const statuses: number[] = [];
  for (let i = 0; i < 30; i++) statuses.push((await fetch(`${cluster.origin}/api/health`)).status);
  expect(statuses.filter((s) => s !== 200)).toEqual([]);
  const ready = await fetch(`${cluster.origin}/api/ready`);
  expect(ready.status).toBe(200);
});
