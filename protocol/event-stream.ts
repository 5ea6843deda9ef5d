/**
 * The wire format of the event stream (GET /api/events, docs/schemas.md "Bus and SSE") and its
 * sealing under the crypto envelope (docs/envelope.md "Stream mode"), shared by server and browser.
 *
 * Each message is `id: <id>\ndata: <json>\n\n`; the JSON is the event itself (its `type` inside, no
 * `event:` line, so a sealed stream does not show the types either). Sealed, the data is
 * `{"params": base64(iv ‖ SM4-CBC(K, json)), "sign": hex HMAC-SM3(K, "event\n" id "\n" nonce "\n" params)}`
 * with K the content key and nonce the x-sec-nonce of the sealed request that opened the stream:
 * the signature ties each event to its id and to this one stream.
 */
import { sm3 } from 'sm-crypto-v2';
import type { BusEvent } from './events';
import { constantTimeEqual, utf8Encode } from './envelope/codec';
import { decryptText, type SealContext } from './envelope/client';
import { EnvelopeError } from './envelope/errors';

export const EVENTS_PATH = '/api/events';

/** First event of every stream: the position to resume from, even if nothing else arrives. */
export interface StreamOpenEvent {
  type: 'stream.open';
}
/** The position asked for (Last-Event-ID) is no longer held: drop every cached schema. */
export interface StreamResetEvent {
  type: 'stream.reset';
}
export type StreamEvent = BusEvent | StreamOpenEvent | StreamResetEvent;

/** Reconnect hint sent as `retry:` (ms). */
export const STREAM_RETRY_MS = 3000;
/** Event ids as the bus makes them (server/bus/local.ts): a Last-Event-ID must look like one. */
export const EVENT_ID_PATTERN = /^[0-9a-z.]{1,64}$/;

export function streamEventSignInput(id: string, requestNonce: string, params: string): string {
  return `event\n${id}\n${requestNonce}\n${params}`;
}

/** Browser side: verifies and opens one sealed event's data; throws EnvelopeError on anything else. */
export function openStreamEvent(ctx: SealContext, id: string, data: string): unknown {
  let sealed: unknown;
  try {
    sealed = JSON.parse(data);
  } catch {
    throw new EnvelopeError('error.hashCheck', 'sealed event is not JSON');
  }
  const { params, sign } = (sealed ?? {}) as { params?: unknown; sign?: unknown };
  if (typeof params !== 'string' || typeof sign !== 'string') {
    throw new EnvelopeError('error.hashCheck', 'event has no params/sign');
  }
  const expected = sm3(utf8Encode(streamEventSignInput(id, ctx.nonce, params)), { key: ctx.key, mode: 'hmac' });
  if (!constantTimeEqual(expected, sign.toLowerCase())) throw new EnvelopeError('error.hashCheck', 'event signature');
  const text = decryptText(ctx.key, params);
  if (text === undefined) throw new EnvelopeError('error.hashCheck', 'event does not decrypt');
  try {
    return JSON.parse(text);
  } catch {
    throw new EnvelopeError('error.hashCheck', 'event plaintext is not JSON');
  }
}
