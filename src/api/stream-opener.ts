/**
 * The host's opener of a feature's own event stream (protocol/stream-open.ts; the chat's GET
 * /api/sse/connect). fetch + ReadableStream like ./event-stream.ts, for the same reasons: the
 * session's authorization and the envelope's x-sec-* headers must go along, never a token in the
 * URL. Under the envelope the opening is sealed (the token in x-sec-auth) and every message must
 * open with that request's key and nonce; one that does not ends the stream as failed and is never
 * handed on. Unlike the shell's event stream it does not reconnect: the chat asks for a new
 * connection when it needs one (its connection id changes with every stream).
 */
import type { ClientEnvelope, SealContext } from '../../protocol/envelope/client';
import { openStreamEvent } from '../../protocol/event-stream';
import { CHANNEL_TYPE, CLIENT_TYPE, Headers } from '../../protocol/http';
import { SseParser } from '../../protocol/sse-parser';
import type { OpenStreamFn, StreamHandlers } from '../../protocol/stream-open';

export interface StreamOpenerDeps {
  /** Origin the API is served from ('' in the browser: same origin). */
  baseUrl: string;
  token: () => string | undefined;
  appId: () => string | undefined;
  lang: () => string;
  envelope: () => ClientEnvelope | undefined;
}

const EVENT_STREAM_TYPE = /^text\/event-stream/i;

export function createStreamOpener(deps: StreamOpenerDeps): OpenStreamFn {
  return (url: string, handlers: StreamHandlers) => {
    const controller = new AbortController();
    let ended = false;
    const end = (failed: boolean) => {
      if (ended) return;
      ended = true;
      controller.abort();
      handlers.onClose(failed);
    };
    void run(deps, `/api/${url.replace(/^\//, '')}`, handlers, controller.signal).then(
      () => end(false),
      () => end(true),
    );
    return {
      close() {
        // Closed by the caller: it knows, no onClose.
        ended = true;
        controller.abort();
      },
    };
  };
}

async function run(deps: StreamOpenerDeps, path: string, handlers: StreamHandlers, signal: AbortSignal) {
  const token = deps.token();
  if (!token) throw new Error('not signed in');
  const headers: Record<string, string> = {
    [Headers.CHANNEL_TYPE]: CHANNEL_TYPE,
    [Headers.CLIENT_TYPE]: CLIENT_TYPE,
    [Headers.LANG]: deps.lang(),
    accept: 'text/event-stream',
  };
  const appId = deps.appId();
  if (appId) headers[Headers.APP_ID] = appId;
  let ctx: SealContext | undefined;
  const envelope = deps.envelope();
  if (envelope) {
    const sealed = envelope.seal({ method: 'GET', path, token });
    Object.assign(headers, sealed.headers);
    ctx = sealed.ctx;
  } else headers[Headers.AUTHORIZATION] = token;
  const response = await fetch(`${deps.baseUrl}${path}`, { headers, signal });
  if (!EVENT_STREAM_TYPE.test(response.headers.get('content-type') ?? '')) {
    await response.body?.cancel().catch(() => undefined);
    throw new Error(`stream refused (${response.status})`);
  }
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const reader = response.body!.getReader();
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    for (const message of parser.feed(decoder.decode(value, { stream: true }))) {
      // Sealed, the server seals the JSON of the text (server/ai/chat-connections.ts).
      const data = ctx ? openStreamEvent(ctx, message.id, message.data) : message.data;
      if (typeof data !== 'string') throw new Error('sealed message is not text');
      if (signal.aborted) return;
      handlers.onMessage({ id: message.id, event: message.event, data });
    }
  }
}
