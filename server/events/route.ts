/**
 * GET /api/events: the signed-in session's event stream (docs/schemas.md "Bus and SSE"). The session
 * hook has already authenticated the request like any other call (and refused an unsealed one for an
 * app that requires the envelope); the stream carries only this session's app's events, public or
 * its own user's, sealed with the opening request's content key when that request was sealed.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EnvelopeHeaders } from '../../protocol/envelope/constants';
import { EVENT_ID_PATTERN, EVENTS_PATH, STREAM_RETRY_MS, type StreamEvent } from '../../protocol/event-stream';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { EventHub, type HubOptions } from './hub';
import { EventStream, type StreamSeal } from './stream';
import { StreamSweep } from './sweep';

/**
 * The stream takes no query (an unknown parameter is refused like on any route); where to resume
 * comes in the Last-Event-ID header, declared for the API document but not refused when malformed:
 * a position the hub cannot know is answered with a reset (stream.reset), as for an old one.
 */
const EVENTS_SCHEMA = {
  querystring: { type: 'object', properties: {}, additionalProperties: false, description: 'No parameters' },
  headers: {
    type: 'object',
    properties: {
      'last-event-id': { type: 'string', description: 'The id of the last event received, to resume after it' },
    },
  },
} as const;

export interface EventRouteOptions extends HubOptions {
  /** Interval of heartbeat comments and session re-checks (default 25 s; proxies often cut at 60 s). */
  heartbeatMs?: number;
}

export function registerEventRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  options: EventRouteOptions = {},
): EventHub {
  const hub = new EventHub(ctx.bus, { log: app.log, ...options });
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  // Before the server stops accepting: open streams would otherwise hold app.close() open.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });

  /** Of these sessions, those that still exist (not signed out, revoked or expired). */
  async function liveSessions(tokenHashes: string[]): Promise<Set<string>> {
    const live = new Set<string>();
    // Bounded IN lists: a slot may hold many sessions' streams.
    for (let at = 0; at < tokenHashes.length; at += 500) {
      const rows = await ctx.db.db
        .selectFrom(ctx.tables.session)
        .select(['token_hash', 'expires_at'])
        .where('token_hash', 'in', tokenHashes.slice(at, at + 500))
        .execute();
      const now = ctx.now();
      for (const row of rows) if (Number(row.expires_at) > now) live.add(String(row.token_hash));
    }
    return live;
  }
  // One timer for every stream's heartbeat and session re-check (sweep.ts).
  const sweep = new StreamSweep(heartbeatMs, liveSessions, (error) =>
    app.log.warn({ err: error }, 'event stream: session check failed'),
  );
  app.addHook('onClose', (_instance, done) => {
    sweep.stop();
    done();
  });

  app.get(EVENTS_PATH, { schema: EVENTS_SCHEMA }, async (request, reply) => {
    const { session } = requireAuth(request);
    const nonce = request.headers[EnvelopeHeaders.NONCE];
    const seal: StreamSeal | undefined =
      request.envelope && typeof nonce === 'string'
        ? { key: request.envelope.key, nonce: nonce.toLowerCase() }
        : undefined;
    const lastRaw = request.headers['last-event-id'];
    // A malformed id is a position the hub cannot know: the client gets a reset, as for an old one.
    const lastId =
      typeof lastRaw === 'string' && lastRaw !== '' ? (EVENT_ID_PATTERN.test(lastRaw) ? lastRaw : '?') : undefined;

    const extraHeaders = headersOf(reply);
    reply.hijack();
    const stream = new EventStream(reply.raw, session.app_id, session.user_id, session.token_hash, seal);
    // Attached before the replay is read (nothing published meanwhile is missed), held so that
    // what arrives live meanwhile follows the replay instead of preceding it.
    stream.hold();
    const detach = hub.attach(stream);
    stream.open(STREAM_RETRY_MS, extraHeaders);
    const replay = await hub.replay(session.app_id, session.user_id, lastId);
    const first: [string, StreamEvent][] = [[replay.position, { type: replay.reset ? 'stream.reset' : 'stream.open' }]];
    if (!replay.reset) for (const entry of replay.events) first.push([entry.id, entry.event!]);
    stream.release(first, replay.covered);

    const unsweep = sweep.add(stream);
    stream.whenClosed(() => {
      unsweep();
      detach();
    });
  });
  return hub;
}

/** Headers set by earlier hooks (a renewed session's authorization...), kept across hijack(). */
function headersOf(reply: FastifyReply): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(reply.getHeaders())) {
    if (typeof value === 'string' || typeof value === 'number') out[name] = String(value);
  }
  return out;
}
