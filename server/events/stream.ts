/**
 * One open event stream: the SSE framing on the raw response, sealing under the envelope, the
 * heartbeat, and the end. Sealed streams never write an event in plaintext: every data line goes
 * through `seal` (docs/envelope.md "Stream mode").
 */
import type { ServerResponse } from 'node:http';
import { streamEventSignInput, type StreamEvent } from '../../protocol/event-stream';
import { encrypt, hmac } from '../plugins/envelope-crypto';
import type { StreamSink } from './hub';

/** A slow reader with more than this queued is dropped; it reconnects and replays from its id. */
const MAX_BUFFERED_BYTES = 1024 * 1024;

export interface StreamSeal {
  key: Buffer;
  /** x-sec-nonce of the request that opened the stream. */
  nonce: string;
}

export function sealEventData(seal: StreamSeal, id: string, json: string): string {
  const params = encrypt(seal.key, json);
  const sign = hmac(seal.key, streamEventSignInput(id, seal.nonce, params)).toString('hex');
  return `{"params":"${params}","sign":"${sign}"}`;
}

export class EventStream implements StreamSink {
  private closed = false;
  private readonly onEnd: (() => void)[] = [];
  /** While the replay is read: live events wait here, to follow it (hold / release). */
  private held: [string, StreamEvent, string | undefined][] | undefined;

  constructor(
    private readonly raw: ServerResponse,
    readonly appId: string,
    readonly userId: string,
    readonly tokenHash: string,
    private readonly seal: StreamSeal | undefined,
  ) {
    raw.on('close', () => this.finish());
  }

  get isClosed(): boolean {
    return this.closed;
  }

  /** Status and headers; `retry:` tells EventSource-like clients how long to wait before reconnecting. */
  open(retryMs: number, extraHeaders: Record<string, string>): void {
    this.raw.writeHead(200, {
      ...extraHeaders,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      // nginx: do not buffer this response (docs/schemas.md "Bus and SSE").
      'x-accel-buffering': 'no',
    });
    this.write(`retry: ${retryMs}\n\n`);
  }

  /** Live events are queued from now until release (the replay is being read). */
  hold(): void {
    this.held ??= [];
  }

  /**
   * Writes `first` (the opening event and the replay), then the live events queued meanwhile except
   * those whose id `covered` names (already in the replay), and goes live.
   */
  release(first: [string, StreamEvent][], covered: ReadonlySet<string>): void {
    const queued = this.held ?? [];
    this.held = undefined;
    for (const [id, event] of first) this.send(id, event);
    for (const [id, event, json] of queued) if (!covered.has(id)) this.send(id, event, json);
  }

  send(id: string, event: StreamEvent, json?: string): void {
    if (this.held) {
      this.held.push([id, event, json]);
      return;
    }
    json ??= JSON.stringify(event);
    this.write(`id: ${id}\ndata: ${this.seal ? sealEventData(this.seal, id, json) : json}\n\n`);
  }

  /** A comment line: keeps proxies from timing the connection out; readers ignore it. */
  heartbeat(): void {
    this.write(': ping\n\n');
  }

  /** Runs once when the stream ends, whoever ends it. */
  whenClosed(callback: () => void): void {
    if (this.closed) callback();
    else this.onEnd.push(callback);
  }

  close(retryMs?: number): void {
    if (this.closed) return;
    // The hint goes even past a full buffer: it is tiny, and the end is what the reader waits for.
    if (retryMs === undefined) this.raw.end();
    else this.raw.end(`retry: ${retryMs}\n\n`);
    this.finish();
  }

  private write(text: string): void {
    if (this.closed) return;
    if (this.raw.writableLength > MAX_BUFFERED_BYTES) return this.close();
    this.raw.write(text);
    // node:http corks the socket on a write and uncorks it on the next tick, which on SQLite (its
    // queries resolve as microtasks) comes only after the publishing request has run to its reply:
    // the event then trailed the reply. Sent now instead (bench/sse-idle.bench.ts; the later uncork
    // is a no-op).
    this.raw.socket?.uncork();
  }

  private finish(): void {
    if (this.closed) return;
    this.closed = true;
    for (const callback of this.onEnd.splice(0)) callback();
  }
}
