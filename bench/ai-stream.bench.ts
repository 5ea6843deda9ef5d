/**
 * Issue 18: "time to first token through our server vs directly from the fake, <= +20 ms; per-chunk
 * relay p99 <= 5 ms; 500 concurrent chat streams with the list endpoint's p99 <= 1.5x of none."
 *
 * The fake OpenAI-compatible provider (tests/fakes/openai/server.ts, model `fake-paced`) runs in this
 * process; each piece it writes is its performance.now() at that moment, so the relay of a piece is
 * timed on one clock from the fake's write to this process reading it off the chat stream. The server
 * is its own process (bench/lib/stream-server.ts: the demo app, envelope off, SQLite by default).
 *
 * 1. First token: alternating, one answer straight from the fake (POST /v1/chat/completions, time
 *    to the first piece of text) and one through the server (POST /api/module/chat/send on a
 *    connection held from GET /api/sse/connect, time to the first piece on that connection).
 * 2. Relay: every piece of the answers through the server in 1 (PIECES each, one every PACE ms).
 * 3. Load: rounds alternate the list endpoint under load with no chat, then with CHATS answers
 *    streaming at once (a connection and a send each, a piece every CHAT_PACE ms), stopped after.
 *
 *   npx tsx bench/ai-stream.bench.ts
 *   BENCH_SAMPLES=30 BENCH_CHATS=500 BENCH_CHAT_PACE_MS=250 BENCH_ROUNDS=3 npx tsx bench/ai-stream.bench.ts
 *   BENCH_PROFILE_WINDOW=<dir>: a CPU profile of the server over each round's window with chats
 *
 * Each round also prints this driver's own event-loop lag over both windows (the list's latency
 * includes it: the fake provider and the 500 readers share this process with the load generator).
 */
import { request } from 'node:http';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { CONNECT_PATH } from '../server/ai/chat-connections';
import { ask } from './lib/envelope-measure';
import { startFakeOpenAi, type FakeOpenAi } from '../tests/fakes/openai/server';
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
  type StreamServer,
} from './lib/stream-bench';

const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const PIECES = Number(process.env.BENCH_PIECES ?? 20);
const PACE = Number(process.env.BENCH_PACE_MS ?? 20);
const CHATS = Number(process.env.BENCH_CHATS ?? 500);
const CHAT_PACE = Number(process.env.BENCH_CHAT_PACE_MS ?? 1000);

/** Time from writing the request to the fake's first piece of text, straight from the fake. */
function directFirstToken(fake: FakeOpenAi): Promise<number> {
  return new Promise((resolve, reject) => {
    const body = JSON.stringify({ model: 'fake-paced', stream: true, messages: [{ role: 'user', content: 'hi' }] });
    const headers = { authorization: `Bearer ${fake.key}`, 'content-type': 'application/json' };
    const sentAt = performance.now();
    let first = 0;
    let text = '';
    const req = request(`${fake.url}/chat/completions`, { method: 'POST', agent: false, headers }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
        if (!first && /"content":"[^"]/.test(text)) first = performance.now() - sentAt;
      });
      res.on('end', () => (first ? resolve(first) : reject(new Error(`no text: ${text.slice(0, 200)}`))));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** One answer through the server on `connection`: first-token time and each piece's relay time. */
async function throughServer(server: StreamServer, connection: HeldStream, sessionId: string) {
  const relays: number[] = [];
  let first = 0;
  let sentAt = 0;
  const ended = new Promise<void>((resolve, reject) => {
    connection.onMessage = (message, at) => {
      if (message.event === 'message') {
        if (!first) first = at - sentAt;
        relays.push(at - Number.parseFloat(message.data));
      } else if (message.event === 'done') resolve();
      else reject(new Error(`chat stream: ${message.event} ${message.data}`));
    };
  });
  sentAt = performance.now();
  const reply = await call(server.origin, '/api/module/chat/send', server.tokens[0]!, {
    connectId: connection.first.data,
    sessionId,
    content: 'hi',
    ifConc2: '0',
  });
  await ended;
  if (reply.status !== 'done' || relays.length !== PIECES) throw new Error(`bad answer: ${JSON.stringify(reply)}`);
  return { first, relays };
}

/** CHATS answers streaming at once while the list endpoint is measured; stopped after. */
async function listWithChats(server: StreamServer, fake: FakeOpenAi, profileFile?: string) {
  const connections = await holdMany(server.origin, CONNECT_PATH, server.tokens, CHATS, CHATS);
  const relays: number[] = [];
  let pieces = 0;
  const streaming = new Set<HeldStream>();
  for (const connection of connections) {
    connection.onMessage = (message, at) => {
      if (message.event !== 'message') return;
      pieces++;
      streaming.add(connection);
      relays.push(at - Number.parseFloat(message.data));
    };
  }
  // Long enough to outlast the measure; stopped below.
  fake.paceMs = CHAT_PACE;
  fake.paceChunks = 100_000;
  const started = performance.now();
  const failed: string[] = [];
  const sends = connections.map((connection, i) =>
    call(server.origin, '/api/module/chat/send', server.tokens[0]!, {
      connectId: connection.first.data,
      sessionId: server.chatSessionIds[i],
      content: 'hi',
      ifConc2: '0',
    }).catch((error: Error) => void failed.push(error.message)),
  );
  const until = performance.now() + 180_000;
  while (streaming.size < CHATS) {
    if (performance.now() > until || failed.length) {
      const ended = connections.filter((c) => c.ended).length;
      throw new Error(
        `${streaming.size} of ${CHATS} answers streaming, ${ended} connections ended, ${failed.length} sends failed: ${failed.slice(0, 3).join(' | ')}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const rampMs = performance.now() - started;
  relays.length = 0;
  const piecesBefore = pieces;
  // The CPU reading is taken inside the profile's window: starting the profiler costs the server
  // 0.4-0.8 s of CPU, which is not the chats'.
  if (profileFile) await ask(server.child, { type: 'profile-start' }, 'profile-started');
  const cpuBefore = await ask<{ micros: number }>(server.child, { type: 'cpu' }, 'cpu');
  const list = await listLatency(server.port, server.tokens[0]!);
  const cpu = (await ask<{ micros: number }>(server.child, { type: 'cpu' }, 'cpu')).micros - cpuBefore.micros;
  if (profileFile) await ask(server.child, { type: 'profile-stop', file: profileFile }, 'profile-stopped');
  const piecesPerSecond = (pieces - piecesBefore) / SECONDS;
  /** The server's CPU over the window per piece relayed (the list requests' share included). */
  const cpuPerPiece = cpu / 1000 / (pieces - piecesBefore);
  const relayP99 = percentile(relays, 99);
  for (let i = 0; i < CHATS; i += 50) {
    await Promise.all(
      connections
        .slice(i, i + 50)
        .map((c) => call(server.origin, `/api/module/chat/stopStreamResponse/${c.first.data}`, server.tokens[0]!)),
    );
  }
  const replies = await Promise.all(sends);
  const stopped = replies.filter((reply) => reply?.status === 'stopped').length;
  release(connections);
  fake.paceMs = PACE;
  fake.paceChunks = PIECES;
  return { list, rampMs, piecesPerSecond, relayP99, stopped, cpuPerPiece, cpuShare: cpu / 1e4 / SECONDS };
}

async function main(): Promise<void> {
  const fake = await startFakeOpenAi({ paceMs: PACE, paceChunks: PIECES });
  const server = await startStreamServer({ sessions: 1, fakeUrl: fake.url, fakeKey: fake.key, chatSessions: CHATS });
  const load = [loadavg()[0]!];
  console.log(
    `${server.dialect}, node ${process.version}, load ${load[0]!.toFixed(1)}; answers of ${PIECES} pieces every ${PACE} ms, ` +
      `${SAMPLES} per side; ${CHATS} chats at a piece every ${CHAT_PACE} ms vs none, list load ${CONCURRENCY} clients x ${SECONDS} s, ${ROUNDS} rounds`,
  );
  try {
    // 1 and 2: first token, direct and through the server, alternating; relay of every piece.
    const connection = await holdStream(server.origin, CONNECT_PATH, server.tokens[0]!);
    await directFirstToken(fake);
    await throughServer(server, connection, server.chatSessionIds[0]!); // warm-up
    const direct: number[] = [];
    const ours: number[] = [];
    const relays: number[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      direct.push(await directFirstToken(fake));
      const answer = await throughServer(server, connection, server.chatSessionIds[0]!);
      ours.push(answer.first);
      relays.push(...answer.relays);
    }
    release([connection]);
    const added = median(ours) - median(direct);
    const addedP90 = percentile(ours, 90) - percentile(direct, 90);
    const relayP99 = percentile(relays, 99);
    console.log(
      `first token: direct p50 ${ms(median(direct))} p90 ${ms(percentile(direct, 90))} | through the server ` +
        `p50 ${ms(median(ours))} p90 ${ms(percentile(ours, 90))} | added p50 +${ms(added)}, p90 +${ms(addedP90)}; ` +
        `goal <= +20 ms (p50): ${verdict(added <= 20)}`,
    );
    console.log(
      `relay per piece (${relays.length}): p50 ${ms(median(relays))} p99 ${ms(relayP99)} max ${ms(Math.max(...relays))}; ` +
        `goal p99 <= 5 ms: ${verdict(relayP99 <= 5)}`,
    );
    load.push(loadavg()[0]!);

    // 3: the list endpoint with CHATS answers streaming vs none.
    await listLatency(server.port, server.tokens[0]!, 3); // warm-up
    const none: number[] = [];
    const busy: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      const a = await listLatency(server.port, server.tokens[0]!);
      const window = process.env.BENCH_PROFILE_WINDOW;
      const b = await listWithChats(server, fake, window ? join(window, `chats-round${round}.cpuprofile`) : undefined);
      none.push(a.p99);
      busy.push(b.list.p99);
      load.push(loadavg()[0]!);
      console.log(
        `  round ${round}: no chats p50 ${ms(a.p50)} p99 ${ms(a.p99)} (${a.rps.toFixed(0)} req/s) | ${CHATS} chats ` +
          `p50 ${ms(b.list.p50)} p99 ${ms(b.list.p99)} (${b.list.rps.toFixed(0)} req/s), ${b.piecesPerSecond.toFixed(0)} pieces/s ` +
          `relayed (relay p99 ${ms(b.relayP99)}; server CPU ${b.cpuShare.toFixed(0)}% of a core, ${b.cpuPerPiece.toFixed(2)} ms per piece) | p99 ratio ${(b.list.p99 / a.p99).toFixed(2)}x | all streaming after ` +
          `${(b.rampMs / 1000).toFixed(1)} s, ${b.stopped} stopped after | driver's loop lag p99 / max ${ms(a.driverLagP99)} / ` +
          `${ms(a.driverLagMax)} without, ${ms(b.list.driverLagP99)} / ${ms(b.list.driverLagMax)} with`,
      );
    }
    const ratio = median(busy) / median(none);
    console.log(
      `\nlist p99 with ${CHATS} chats streaming / none: ${ratio.toFixed(2)}x (medians of ${ROUNDS} rounds); ` +
        `goal <= 1.5x: ${verdict(ratio <= 1.5)}`,
    );
    console.log(`load average (1 min) over the run: ${load.map((l) => l.toFixed(1)).join(' -> ')}`);
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
