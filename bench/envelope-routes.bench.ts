/**
 * Crypto envelope on the routes users call, against the same app with encryption off: the real
 * server (bench/lib/envelope-routes-server.ts: buildApp twice over one database, the demo app, one
 * session), not an echo. Run:
 *   npx tsx bench/envelope-routes.bench.ts          (BENCH_SECONDS=4 per route and side)
 *
 * - list: POST /api/common/customer/list with a ~300-byte query body (filter, sort, columns, page
 *   of 10), answered with a page of rows.
 * - write: PUT /api/common/customer/:id with a ~100 KB remark (a long text saved from a form), a
 *   real update in a transaction with its audit row, answered with the saved record (so ~100 KB
 *   back as well).
 * Requests are pre-sealed as in bench/envelope.bench.ts (body encrypted once, fresh nonce, ts and
 * signature per request). Before measuring, each route is called once per side and the opened
 * sealed reply must equal the plain one; after measuring, the number of audited updates must equal
 * the number of write requests sent, so no request was answered with an error that looks like a 200.
 */
import { fork } from 'node:child_process';
import { Agent } from 'node:http';
import { fileURLToPath } from 'node:url';
import { ClientEnvelope } from '../protocol/envelope/client';
import { CONCURRENCY, ROUNDS, TABLE_HEAD, ask, compare, fmt, tableRow } from './lib/envelope-measure';
import type { RoutesReady } from './lib/envelope-routes-server';
import { send, type LoadRequest } from './lib/http-load';
import { NodeSealer } from './lib/node-sealer';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
/** BENCH_CONTROL=1: an A/A run, both sides plain (see bench/lib/envelope-routes-server.ts). */
const CONTROL = process.env.BENCH_CONTROL === '1';

/** A list query as the list page sends it, ~300 bytes. */
const LIST_BODY = JSON.stringify({
  isPage: true,
  current: 1,
  pageSize: 10,
  showFields: ['id', 'name', 'mobile', 'level', 'industry', 'credit_limit', 'signed_at', 'active'],
  querys: [
    { key: 'active', value: true, rule: 'EQUAL' },
    { key: 'credit_limit', value: [0, 10_000_000], rule: 'BETWEEN' },
  ],
  sorts: [{ key: 'credit_limit', order: 'desc' }],
});

/** ~100 KB of JSON: a long remark of mixed Chinese and ASCII text. */
function writeBody(): string {
  const line = '客户回访记录：需求确认、报价与交付计划已同步（Delivery plan shared, follow-up on 2026-12-01）。\n';
  let remark = '';
  while (Buffer.byteLength(JSON.stringify({ remark: remark + line })) < 100 * 1024) remark += line;
  return JSON.stringify({ remark });
}

async function main(): Promise<void> {
  const serverFile = fileURLToPath(new URL('./lib/envelope-routes-server.ts', import.meta.url));
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const child = fork(serverFile, [], {
    execArgv: ['--import', 'tsx', ...profile],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const ready = await ask<RoutesReady>(child, { type: 'init' }, 'ready');
  const sealer = new NodeSealer(ready.publicKey);
  // The plain server takes the token in clear; sealed requests carry it sealed (x-sec-auth), made
  // once like the pre-sealed params: the server checks nonces, not ciphertexts.
  const headers = { 'x-sec-identity-id': ready.appId, authorization: ready.token };
  const sealedHeaders = { 'x-sec-identity-id': ready.appId };
  const sealedToken = sealer.encrypt(ready.token);
  const ports = { plain: ready.plainPort, sealed: ready.sealedPort };
  const agent = new Agent({ keepAlive: false });

  const routes = [
    {
      label: 'list, 300 B query → page of 10 rows',
      method: 'POST',
      path: '/api/common/customer/list',
      json: LIST_BODY,
    },
    {
      label: 'write, 100 KB update → saved row',
      method: 'PUT',
      path: `/api/common/customer/${ready.rowId}`,
      json: writeBody(),
    },
  ];

  if (CONTROL) console.log('CONTROL RUN: both sides plain (A/A), no envelope anywhere');
  console.log(
    `Crypto envelope on real routes (demo app, ${ready.dialect}, one session), ${CONCURRENCY} in flight, ` +
      `${SECONDS}s per side in ${ROUNDS} alternating rounds (medians), node ${process.version}`,
  );
  for (const line of TABLE_HEAD) console.log(line);
  let worst = Infinity;
  // BENCH_ROUTES=list or =write runs one of them.
  const only = process.env.BENCH_ROUTES?.split(',');
  for (const route of routes.filter((r) => !only || only.includes(r.label.split(',')[0]!))) {
    const params = sealer.encrypt(route.json);
    const plainBody = Buffer.from(route.json);
    const sealedBody = Buffer.from(JSON.stringify({ params }));
    const plain = (): LoadRequest => ({ method: route.method, path: route.path, headers, body: plainBody });
    const sealed = (): LoadRequest =>
      CONTROL
        ? plain()
        : {
            method: route.method,
            path: route.path,
            headers: { ...sealedHeaders, ...sealer.headers(route.method, route.path, params, '', sealedToken).headers },
            body: sealedBody,
          };

    // Correctness first: the sealed reply, opened by the browser implementation, equals the plain one.
    const off = await send(agent, ports.plain, plain());
    const offJson = JSON.parse(off.body.toString('utf8'));
    const probe = sealer.headers(route.method, route.path, params, '', sealedToken);
    const on = await send(
      agent,
      ports.sealed,
      CONTROL ? plain() : { ...sealed(), headers: { ...sealedHeaders, ...probe.headers } },
    );
    const onJson = JSON.parse(on.body.toString('utf8'));
    const opened = CONTROL
      ? onJson
      : new ClientEnvelope(ready.publicKey).open(on.headers, onJson, probe.ctx, on.status);
    const comparable = (value: { data: unknown }) => JSON.stringify(value.data).replace(/"update_at":\d+/g, '');
    if (offJson.code !== '200' || comparable(opened as { data: unknown }) !== comparable(offJson)) {
      throw new Error(`${route.label}: sealed and plain replies differ: ${off.body.toString('utf8').slice(0, 300)}`);
    }
    const writesBefore = await ask<{ count: number }>(child, { type: 'writes' }, 'writes');

    const result = await compare(child, ports, plain, sealed, SECONDS);
    worst = Math.min(worst, result.capacity);
    const reply = `${fmt(off.body.length)} B reply`;
    console.log(tableRow(`${route.label} (${fmt(plainBody.length)} B body, ${reply})`, result));

    if (route.method === 'PUT') {
      const writesAfter = await ask<{ count: number }>(child, { type: 'writes' }, 'writes');
      const written = writesAfter.count - writesBefore.count;
      const sent = result.offRequests + result.onRequests + result.warmRequests;
      if (written !== sent) throw new Error(`${route.label}: ${written} audited updates for ${sent} requests`);
    }
  }
  console.log(
    `\nWorst capacity ratio on/off on real routes: ${fmt(worst, 2)}x (target >= 0.80x): ${worst >= 0.8 ? 'met' : 'NOT met'}`,
  );
  child.send({ type: 'stop' });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
