/**
 * The app generator's stream (ai-and-widgets §7: SSE GET {appBase}sse/connect with the auth header):
 * the first message's id equals its data, the connection id; every later unnamed message is a
 * progress text, `event: error` the failure. fetch + ReadableStream rather than EventSource, which
 * cannot send the authorization header nor the envelope's headers (src/api/event-stream.ts); under
 * the envelope the request is sealed and every message opened with that request's key and nonce.
 */
import type { ClientEnvelope, SealContext } from '../../../protocol/envelope/client';
import { openStreamEvent } from '../../../protocol/event-stream';
import { CHANNEL_TYPE, CLIENT_TYPE, Headers } from '../../../protocol/http';
import { SseParser } from '../../../protocol/sse-parser';

export const CONNECT_PATH = '/api/sse/connect';

export interface ProgressStreamDeps {
  token: string | undefined;
  appId: string | undefined;
  lang: string;
  envelope: ClientEnvelope | undefined;
  onText: (text: string) => void;
  onError: (text: string) => void;
  /** The stream ended or broke before the end message. */
  onClosed: () => void;
}

export interface ProgressStream {
  connectId: string;
  close(): void;
}

/** Whether this browser can read a stream with headers (the spec's "browser not supported" check). */
export const streamsSupported = () =>
  typeof fetch === 'function' && typeof ReadableStream === 'function' && typeof TextDecoder === 'function';

export async function openProgressStream(deps: ProgressStreamDeps): Promise<ProgressStream> {
  const controller = new AbortController();
  const headers: Record<string, string> = {
    [Headers.CHANNEL_TYPE]: CHANNEL_TYPE,
    [Headers.CLIENT_TYPE]: CLIENT_TYPE,
    [Headers.LANG]: deps.lang,
    accept: 'text/event-stream',
  };
  if (deps.appId) headers[Headers.APP_ID] = deps.appId;
  let ctx: SealContext | undefined;
  if (deps.envelope && deps.token) {
    const sealed = deps.envelope.seal({ method: 'GET', path: CONNECT_PATH, token: deps.token });
    Object.assign(headers, sealed.headers);
    ctx = sealed.ctx;
  } else if (deps.token) headers[Headers.AUTHORIZATION] = deps.token;
  const response = await fetch(CONNECT_PATH, { headers, signal: controller.signal });
  if (!/^text\/event-stream/i.test(response.headers.get('content-type') ?? '') || !response.body)
    throw new Error(`stream refused (${response.status})`);
  const reader = response.body.getReader();
  const parser = new SseParser();
  const decoder = new TextDecoder();
  const open = (id: string, data: string) => (ctx ? String(openStreamEvent(ctx, id, data)) : data);

  // The connection id comes first; the rest is read in the background.
  let connectId: string | undefined;
  const pending: { event?: string; text: string }[] = [];
  while (!connectId) {
    const { value, done } = await reader.read();
    if (done) throw new Error('stream ended before its connection id');
    for (const message of parser.feed(decoder.decode(value, { stream: true }))) {
      const text = open(message.id, message.data);
      if (!connectId && message.id === text) connectId = text;
      else pending.push({ event: message.event, text });
    }
  }
  const deliver = (event: string | undefined, text: string) =>
    event === 'error' ? deps.onError(text) : deps.onText(text);
  void (async () => {
    try {
      for (const item of pending) deliver(item.event, item.text);
      for (;;) {
        const { value, done } = await reader.read();
        if (done) break;
        for (const message of parser.feed(decoder.decode(value, { stream: true })))
          deliver(message.event, open(message.id, message.data));
      }
    } catch {
      // aborted, or a message that does not open: the stream is over either way
    }
    deps.onClosed();
  })();
  return { connectId, close: () => controller.abort() };
}
