/**
 * A measuring tool beside bench/ai-stream.bench.ts (not a benchmark with a goal): where the chat
 * relay's server CPU goes. Same set-up (bench/lib/stream-server.ts, the fake provider in this
 * process), three windows of WINDOW_S seconds each:
 *   list-alone   the list load (8 clients) with no chat: server CPU per list request
 *   chats-alone  CHATS answers streaming (a piece every CHAT_PACE ms), no list load: server CPU per
 *                piece relayed, and how bursty the fake's writes are (pieces per 5 ms bucket)
 *   chats+list   both: server CPU per list request once the chats' share is taken out
 * Each window also prints this driver's event-loop lag (monitorEventLoopDelay, beyond the 2 ms
 * sampling interval). PROF=<file prefix>: a CPU profile of the server per window.
 *
 *   npx tsx bench/ai-relay-cpu.ts
 *   BENCH_CHATS=500 BENCH_CHAT_PACE_MS=1000 WINDOW_S=10 PROF=/tmp/relay npx tsx bench/ai-relay-cpu.ts
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { CONNECT_PATH } from '../server/ai/chat-connections';
import { ask } from './lib/envelope-measure';
import { startFakeOpenAi } from '../tests/fakes/openai/server';
import {
  call,
  holdMany,
  listLatency,
  percentile,
  release,
  startStreamServer,
  type StreamServer,
} from './lib/stream-bench';

const CHATS = Number(process.env.BENCH_CHATS ?? 500);
const CHAT_PACE = Number(process.env.BENCH_CHAT_PACE_MS ?? 1000);
const WINDOW_S = Number(process.env.WINDOW_S ?? 10);
const LAG_RESOLUTION_MS = 2;

/** The fake's write time of each piece read in the window, and its relay (write → read). */
const writes: number[] = [];
const relays: number[] = [];

const cpuMicros = async (server: StreamServer) =>
  (await ask<{ micros: number }>(server.child, { type: 'cpu' }, 'cpu')).micros;

function burstiness(): string {
  const perBucket = new Map<number, number>();
  for (const at of writes) perBucket.set(Math.floor(at / 5), (perBucket.get(Math.floor(at / 5)) ?? 0) + 1);
  const counts = [...perBucket.values()];
  return (
    `fake's writes per 5 ms bucket: ${counts.length} of ${(WINDOW_S * 1000) / 5} buckets used, p50 ${percentile(counts, 50)}, ` +
    `p99 ${percentile(counts, 99)}, max ${Math.max(...counts)}; relay p50 ${percentile(relays, 50).toFixed(1)} ms, ` +
    `p99 ${percentile(relays, 99).toFixed(1)} ms`
  );
}

async function measure(server: StreamServer, label: string, withList: boolean, pieces: () => number) {
  writes.length = 0;
  relays.length = 0;
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  if (process.env.PROF) await ask(server.child, { type: 'profile-start' }, 'profile-started');
  const piecesBefore = pieces();
  const cpuBefore = await cpuMicros(server);
  const started = performance.now();
  const list = withList
    ? await listLatency(server.port, server.tokens[0]!, WINDOW_S)
    : await new Promise<undefined>((resolve) => setTimeout(resolve, WINDOW_S * 1000));
  const seconds = (performance.now() - started) / 1000;
  const cpu = (await cpuMicros(server)) - cpuBefore;
  const piecesIn = pieces() - piecesBefore;
  if (process.env.PROF)
    await ask(
      server.child,
      { type: 'profile-stop', file: `${process.env.PROF}-${label}.cpuprofile` },
      'profile-stopped',
    );
  lag.disable();
  const parts = [`${label}: server CPU ${(cpu / 1e4 / seconds).toFixed(1)}% of a core`];
  if (list) parts.push(`list p50 ${list.p50.toFixed(1)} p99 ${list.p99.toFixed(1)} ms, ${list.rps.toFixed(0)} req/s`);
  if (piecesIn) parts.push(`${(piecesIn / seconds).toFixed(0)} pieces/s`);
  if (piecesIn && !list) parts.push(`${(cpu / piecesIn).toFixed(0)} µs per piece`);
  if (list) parts.push(`${(cpu / (list.rps * seconds)).toFixed(0)} µs per list request (chats' share included)`);
  parts.push(
    `driver's loop lag p99 ${Math.max(0, lag.percentile(99) / 1e6 - LAG_RESOLUTION_MS).toFixed(1)} ms, ` +
      `max ${Math.max(0, lag.max / 1e6 - LAG_RESOLUTION_MS).toFixed(1)} ms`,
  );
  console.log(parts.join('; '));
  if (piecesIn) console.log(`  ${burstiness()}`);
}

async function main(): Promise<void> {
  const fake = await startFakeOpenAi({ paceMs: CHAT_PACE, paceChunks: 100_000 });
  const server = await startStreamServer({ sessions: 1, fakeUrl: fake.url, fakeKey: fake.key, chatSessions: CHATS });
  try {
    await listLatency(server.port, server.tokens[0]!, 3); // warm-up
    await measure(server, 'list-alone', true, () => 0);
    const connections = await holdMany(server.origin, CONNECT_PATH, server.tokens, CHATS, CHATS);
    let pieces = 0;
    const streaming = new Set<unknown>();
    for (const connection of connections) {
      connection.onMessage = (message, at) => {
        if (message.event !== 'message') return;
        pieces++;
        streaming.add(connection);
        const written = Number.parseFloat(message.data);
        writes.push(written);
        relays.push(at - written);
      };
    }
    const sends = connections.map((connection, i) =>
      call(server.origin, '/api/module/chat/send', server.tokens[0]!, {
        connectId: connection.first.data,
        sessionId: server.chatSessionIds[i],
        content: 'hi',
        ifConc2: '0',
      }).catch(() => undefined),
    );
    while (streaming.size < CHATS) await new Promise((resolve) => setTimeout(resolve, 100));
    await new Promise((resolve) => setTimeout(resolve, 2000)); // past the ramp
    await measure(server, 'chats-alone', false, () => pieces);
    await measure(server, 'chats+list', true, () => pieces);
    for (let i = 0; i < CHATS; i += 50) {
      await Promise.all(
        connections
          .slice(i, i + 50)
          .map((c) => call(server.origin, `/api/module/chat/stopStreamResponse/${c.first.data}`, server.tokens[0]!)),
      );
    }
    await Promise.all(sends);
    release(connections);
  } finally {
    await server.stop();
    await fake.close();
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
