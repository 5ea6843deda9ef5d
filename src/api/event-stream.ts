/**
 * The browser's reader of GET /api/events (docs/schemas.md "Bus and SSE"), as a factory over its
 * dependencies so it is tested against the real server on loopback. fetch + ReadableStream, not
 * EventSource: EventSource cannot send the session's authorization header nor the envelope's
 * x-sec-* headers, and a token in the URL would end up in proxy logs.
 *
 * One connection at a time. It reconnects after any end or failure with exponential backoff (1 s
 * doubling to 30 s, with jitter; reset once a stream opens) and sends the last event id it accepted
 * as Last-Event-ID, so the server replays what was missed or answers stream.reset. Under the envelope
 * each reconnect is sealed afresh, and every event must open with that request's key and nonce; an
 * event that does not is never dispatched and the connection is dropped and re-made.
 */
import { ResultCode } from '../../protocol/codes';
import type { ClientEnvelope, SealContext } from '../../protocol/envelope/client';
import { EVENTS_PATH, openStreamEvent, type StreamEvent } from '../../protocol/event-stream';
import { parseBusEvent } from '../../protocol/events';
import { CHANNEL_TYPE, CLIENT_TYPE, Headers } from '../../protocol/http';
import { SseParser } from '../../protocol/sse-parser';

export interface EventStreamDeps {
  /** Origin the API is served from ('' in the browser: same origin). */
  baseUrl: string;
  token: () => string | undefined;
  appId: () => string | undefined;
  lang: () => string;
  /** The app's envelope, or undefined when the app does not encrypt. */
  envelope: () => ClientEnvelope | undefined;
  onEvent: (event: StreamEvent) => void;
  /** The server answered P4007: the session is gone (the stream stops). */
  onLogout: () => void;
  /** Base and ceiling of the reconnect delay (ms); tests shorten them. */
  minDelayMs?: number;
  maxDelayMs?: number;
}

export interface EventStreamHandle {
  stop(): void;
  /** The id a reconnect would send as Last-Event-ID. */
  readonly lastEventId: string;
}

const EVENT_STREAM_TYPE = /^text\/event-stream/i;

export function startEventStream(deps: EventStreamDeps): EventStreamHandle {
  const minDelay = deps.minDelayMs ?? 1000;
  const maxDelay = deps.maxDelayMs ?? 30_000;
  let lastEventId = '';
  let stopped = false;
  let controller: AbortController | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failures = 0;

  function schedule(): void {
    if (stopped) return;
    const delay = Math.min(maxDelay, minDelay * 2 ** Math.min(failures, 10));
    failures++;
    // Jitter: after a server restart, every browser must not come back in the same millisecond.
    timer = setTimeout(connect, delay / 2 + Math.random() * (delay / 2));
  }

  async function connect(): Promise<void> {
    timer = undefined;
    const token = deps.token();
    if (stopped || !token) return;
    controller = new AbortController();
    const headers: Record<string, string> = {
      [Headers.CHANNEL_TYPE]: CHANNEL_TYPE,
      [Headers.CLIENT_TYPE]: CLIENT_TYPE,
      [Headers.LANG]: deps.lang(),
      accept: 'text/event-stream',
    };
    const appId = deps.appId();
    if (appId) headers[Headers.APP_ID] = appId;
    if (lastEventId) headers['last-event-id'] = lastEventId;
    let ctx: SealContext | undefined;
    const envelope = deps.envelope();
    if (envelope) {
      // The token goes sealed (x-sec-auth), never in clear beside the envelope.
      const sealed = envelope.seal({ method: 'GET', path: EVENTS_PATH, token });
      Object.assign(headers, sealed.headers);
      ctx = sealed.ctx;
    } else {
      headers[Headers.AUTHORIZATION] = token;
    }
    try {
      const response = await fetch(`${deps.baseUrl}${EVENTS_PATH}`, { headers, signal: controller.signal });
      if (!EVENT_STREAM_TYPE.test(response.headers.get('content-type') ?? '')) {
        const answer = (await response.json().catch(() => undefined)) as { code?: unknown } | undefined;
        if (String(answer?.code) === ResultCode.LOGOUT) {
          stopped = true;
          deps.onLogout();
          return;
        }
        throw new Error(`event stream refused (${response.status})`);
      }
      await read(response, ctx);
    } catch {
      // Network error, refusal, abort or a bad event: reconnect below (unless stopped).
    }
    schedule();
  }

  async function read(response: Response, ctx: SealContext | undefined): Promise<void> {
    const parser = new SseParser();
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      for (const message of parser.feed(decoder.decode(value, { stream: true }))) {
        const event = ctx ? openStreamEvent(ctx, message.id, message.data) : JSON.parse(message.data);
        // Opened and signed: the position moves on even for a type this build does not know.
        lastEventId = message.id;
        const typed = checked(event);
        if (!typed) continue;
        if (typed.type === 'stream.open' || typed.type === 'stream.reset') failures = 0;
        deps.onEvent(typed);
      }
    }
  }

  void connect();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      controller?.abort();
    },
    get lastEventId() {
      return lastEventId;
    },
  };
}

function checked(value: unknown): StreamEvent | undefined {
  const type = (value as { type?: unknown } | null)?.type;
  if (type === 'stream.open' || type === 'stream.reset') return { type };
  return parseBusEvent(value);
}
