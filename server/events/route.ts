/**
 * GET /api/events: the signed-in session's event stream (docs/schemas.md "Bus and SSE"). The session
 * hook has already authenticated the request like any other call (and refused an unsealed one for an
 * app that requires the envelope); the stream carries only this session's app's events, public or
 * its own user's, sealed with the opening request's content key when that request was sealed.
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import { EnvelopeHeaders } from '../../protocol/envelope/constants';
import { EVENT_ID_PATTERN, EVENTS_PATH, STREAM_RETRY_MS } from '../../protocol/event-stream';
import { requireAuth } from '../auth/session-hook';
import type { ServerContext } from '../context';
import { EventHub, type HubOptions } from './hub';
import { EventStream, type StreamSeal } from './stream';

export interface EventRouteOptions extends HubOptions {
  /** Interval of heartbeat comments and session re-checks (default 25 s; proxies often cut at 60 s). */
  heartbeatMs?: number;
}

export function registerEventRoutes(
  app: FastifyInstance,
  ctx: ServerContext,
  options: EventRouteOptions = {},
): EventHub {
  const hub = new EventHub(ctx.bus, options);
  const heartbeatMs = options.heartbeatMs ?? 25_000;
  // Before the server stops accepting: open streams would otherwise hold app.close() open.
  app.addHook('preClose', (done) => {
    hub.close();
    done();
  });

  /** Whether the stream's session still exists (not signed out, revoked or expired). */
  async function sessionAlive(tokenHash: string): Promise<boolean> {
    const row = await ctx.db.db
      .selectFrom(ctx.tables.session)
      .select('expires_at')
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row !== undefined && Number(row.expires_at) > ctx.now();
  }

  app.get(EVENTS_PATH, async (request, reply) => {
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
    const detach = hub.attach(stream);
    stream.open(STREAM_RETRY_MS, extraHeaders);
    const replay = hub.replay(session.app_id, session.user_id, lastId);
    stream.send(replay.position, { type: replay.reset ? 'stream.reset' : 'stream.open' });
    if (!replay.reset) for (const entry of replay.events) stream.send(entry.id, entry.event!);

    const timer = setInterval(() => {
      stream.heartbeat();
      sessionAlive(session.token_hash).then(
        (alive) => alive || stream.close(),
        (error: unknown) => request.log.warn({ err: error }, 'event stream: session check failed'),
      );
    }, heartbeatMs);
    timer.unref();
    stream.whenClosed(() => {
      clearInterval(timer);
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
