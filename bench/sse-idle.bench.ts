/**
 * Issue 17: "1,000 idle SSE streams held open with the list endpoint's p99 under load <= 1.5x of no
 * streams; a to-do event reaches an open stream in <= 50 ms p99 on one instance."
 *
 * One server process (bench/lib/stream-server.ts: the demo app, envelope off, SQLite by default) and
 * this driver. Streams are GET /api/events, 8 per signed-in session (the per-session limit), on their
 * own sockets. Rounds alternate: list load with no streams held, then with STREAMS held (opened
 * before, closed after), so both sides see the same minutes of the shared machine.
 * To-do: the admin saves a customer and submits it (POST /api/flows/start); the flow's approver has
 * their event stream open; the time is from writing the start request to the approver's
 * `todo.changed` arriving (the start's own work included), sampled alone and with the streams held.
 *
 *   npx tsx bench/sse-idle.bench.ts
 *   BENCH_STREAMS=1000 BENCH_ROUNDS=3 BENCH_SECONDS=8 BENCH_TODOS=40 npx tsx bench/sse-idle.bench.ts
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/<empty db> npx tsx bench/sse-idle.bench.ts
 */
import { loadavg } from 'node:os';
import { EVENTS_PATH } from '../protocol/event-stream';
import {
  call,
  CONCURRENCY,
  holdMany,
  holdStream,
  listLatency,
  median,
  ms,
  percentile,
  release,
  ROUNDS,
  SECONDS,
  startStreamServer,
  verdict,
  type HeldStream,
} from './lib/stream-bench';

const STREAMS = Number(process.env.BENCH_STREAMS ?? 1000);
const TODOS = Number(process.env.BENCH_TODOS ?? 40);
const PER_SESSION = 8;
/** Customers saved so far (names are unique). */
let saved = 0;

/** Times TODOS submissions from the start request to the approver's todo.changed. */
async function todoLatencies(origin: string, token: string, approver: HeldStream) {
  const times: number[] = [];
  /** The start request's own reply time, for reading the above (the event goes out before the reply). */
  const replies: number[] = [];
  /**
   * From the server's publish to the arrival: an event id starts with its publish time (ms since the
   * epoch, base 36; docs/schemas.md "Bus and SSE"), on the machine's one clock. Whole ms only.
   */
  const delivery: number[] = [];
  for (let i = 0; i < TODOS; i++) {
    const record = await call(origin, '/api/common/customer', token, { name: `基准客户${++saved}`, level: 'vip' });
    const arrived = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('no todo.changed within 10 s')), 10_000);
      approver.onMessage = (message, at) => {
        if ((JSON.parse(message.data) as { type: string }).type !== 'todo.changed') return;
        clearTimeout(timer);
        // Date.now(), not timeOrigin + at: both processes read the same wall clock, which the
        // monotonic clock drifts from over a run. Read in the same tick as `at`.
        delivery.push(Date.now() - parseInt(message.id.split('.')[0]!, 36));
        resolve(at);
      };
    });
    const sentAt = performance.now();
    const started = await call(origin, '/api/flows/start', token, { module: 'customer', recordId: record.id });
    replies.push(performance.now() - sentAt);
    if (started.status !== 'running') throw new Error(`flow not running: ${JSON.stringify(started)}`);
    times.push((await arrived) - sentAt);
  }
  approver.onMessage = undefined;
  return { times, replies, delivery };
}

async function main(): Promise<void> {
  const sessions = Math.ceil(STREAMS / PER_SESSION);
  const started = performance.now();
  const server = await startStreamServer({ sessions });
  console.log(
    `${server.dialect}, ${sessions} sessions signed in (${((performance.now() - started) / 1000).toFixed(0)} s); ` +
      `${STREAMS} streams, list load ${CONCURRENCY} clients x ${SECONDS} s, ${ROUNDS} rounds alternating, ` +
      `node ${process.version}, load ${loadavg()[0]!.toFixed(1)}`,
  );
  const token = server.tokens[0]!;
  const load = [loadavg()[0]!];
  try {
    await listLatency(server.port, token, 3); // warm-up: JIT, caches
    const none: { p50: number; p99: number; rps: number }[] = [];
    const held: { p50: number; p99: number; rps: number }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await listLatency(server.port, token);
      none.push(a);
      const openedAt = performance.now();
      const streams = await holdMany(server.origin, EVENTS_PATH, server.tokens, STREAMS, PER_SESSION);
      const openMs = performance.now() - openedAt;
      if (streams.some((s) => s.ended)) throw new Error('a stream closed while opening');
      const b = await listLatency(server.port, token);
      held.push(b);
      const closed = streams.filter((s) => s.ended).length;
      release(streams);
      load.push(loadavg()[0]!);
      console.log(
        `  round ${round}: no streams p50 ${ms(a.p50)} p99 ${ms(a.p99)} (${a.rps.toFixed(0)} req/s) | ` +
          `${STREAMS} streams p50 ${ms(b.p50)} p99 ${ms(b.p99)} (${b.rps.toFixed(0)} req/s) | ` +
          `p99 ratio ${(b.p99 / a.p99).toFixed(2)}x | opened in ${(openMs / 1000).toFixed(1)} s, ${closed} closed meanwhile`,
      );
      await new Promise((resolve) => setTimeout(resolve, 1000)); // the server's side of the closes
    }
    const ratio = median(held.map((r) => r.p99)) / median(none.map((r) => r.p99));
    const ratios = held.map((r, i) => r.p99 / none[i]!.p99);

    // To-do latency: once with no other stream open, once with STREAMS idle streams held beside.
    const approver = await holdStream(server.origin, EVENTS_PATH, server.approverToken);
    const {
      times: alone,
      replies: aloneReplies,
      delivery: aloneDelivery,
    } = await todoLatencies(server.origin, token, approver);
    const streams = await holdMany(server.origin, EVENTS_PATH, server.tokens, STREAMS, PER_SESSION);
    const { times: crowded, replies, delivery } = await todoLatencies(server.origin, token, approver);
    release([...streams, approver]);
    load.push(loadavg()[0]!);

    const p99 = percentile(crowded, 99);
    console.log(
      `\nlist p99 with ${STREAMS} idle streams / none: ${ratio.toFixed(2)}x (medians of ${ROUNDS} rounds; ` +
        `rounds ${ratios.map((r) => r.toFixed(2)).join(', ')}); goal <= 1.5x: ${verdict(ratio <= 1.5)}`,
    );
    console.log(
      `to-do event, start request -> approver's stream (${TODOS} each): alone p50 ${ms(median(alone))} ` +
        `p99 ${ms(percentile(alone, 99))}; with ${STREAMS} streams p50 ${ms(median(crowded))} p99 ${ms(p99)} ` +
        `(max ${ms(Math.max(...crowded))}); goal p99 <= 50 ms: ${verdict(p99 <= 50)}`,
    );
    console.log(
      `  the start request's reply alone: p50 ${ms(median(aloneReplies))} p99 ${ms(percentile(aloneReplies, 99))}; ` +
        `with streams p50 ${ms(median(replies))} p99 ${ms(percentile(replies, 99))}`,
    );
    console.log(
      `  the event's own path, publish -> arrival (whole ms): alone p50 ${ms(median(aloneDelivery))} ` +
        `p99 ${ms(percentile(aloneDelivery, 99))}; with streams p50 ${ms(median(delivery))} p99 ${ms(percentile(delivery, 99))}`,
    );
    console.log(`load average (1 min) over the run: ${load.map((l) => l.toFixed(1)).join(' -> ')}`);
  } finally {
    await server.stop();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
