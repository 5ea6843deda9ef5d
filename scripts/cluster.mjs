// `npm run cluster`: N instances (CLUSTER_SIZE, default 3) of the built server on PostgreSQL and
// Redis behind HAProxy on loopback (CLUSTER_PORT, default 8080). docs/deploy.md explains each part.
// DATABASE_URL defaults to a database `tessera_cluster` on the local PostgreSQL (created if missing),
// REDIS_URL to the local Redis. Ctrl+C stops the balancer, then drains and stops every instance.
import pg from 'pg';
import { ensureBuild, ensureDependencies, ensureServerBuild, root } from './lib/ensure.mjs';
import { startCluster } from './lib/cluster.mjs';

ensureDependencies();
ensureBuild();
ensureServerBuild();

const size = Number(process.env.CLUSTER_SIZE ?? 3);
const port = Number(process.env.CLUSTER_PORT ?? 8080);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
let databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) {
  databaseUrl = 'postgres://postgres@127.0.0.1:5432/tessera_cluster';
  const admin = new pg.Client({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
  await admin.connect();
  const found = await admin.query(`select 1 from pg_database where datname = 'tessera_cluster'`);
  if (found.rowCount === 0) await admin.query('create database tessera_cluster');
  await admin.end();
}
if (!Number.isInteger(size) || size < 1 || size > 16) throw new Error('CLUSTER_SIZE: an integer from 1 to 16');

const cluster = await startCluster({
  size,
  port,
  cwd: root,
  env: { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl },
  log: (line) => console.log(line),
});
console.log(
  `Tessera cluster: ${size} instances behind ${cluster.origin} — demo app ${cluster.origin}/demo (admin / Tessera@2026)`,
);
console.log(`HAProxy configuration: ${cluster.configFile}. Ctrl+C stops everything.`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log('Stopping: balancer first, then each instance drains…');
    await cluster.stop();
    process.exit(0);
  });
}
