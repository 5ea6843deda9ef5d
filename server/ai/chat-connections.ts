/**
 * The chat's own event streams (GET /api/sse/connect, ai-and-widgets §7): one per open chat page.
 * The first message's id and data are the connection id; then, for each answer, its pieces of text
 * (unnamed messages) and an end (`event: done` with the stored record, or `event: error` with the
 * message). A sealed request gets a sealed stream (every data line, as the event stream does).
 *
 * With several instances behind a balancer, the `send` request and the stream may be on different
 * instances: pieces travel as `ai.chunk` bus events and the instance holding the connection writes
 * them (a connection held by the answering instance itself is written directly); a stop travels as `ai.stop` to the instance running the call. A connection only ever writes
 * events of its own app and user, so a connection id used by someone else reaches nobody.
 */
import type { ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AiChunkEvent } from '../../protocol/events';
import type { EventBus } from '../bus/types';
import { sealEventData, type StreamSeal } from '../events/stream';

export const CONNECT_PATH = '/api/sse/connect';
export const CONNECTION_RETRY_MS = 3000;
const MAX_BUFFERED_BYTES = 1024 * 1024;

interface Connection {
  appId: string;
  userId: string;
  raw: ServerResponse;
  seal: StreamSeal | undefined;
  seq: number;
}

export interface Owner {
  appId: string;
  userId: string;
}

export class ChatConnections {
  private readonly open = new Map<string, Connection>();
  /** Answers running on this instance, by connection: what a stop aborts. */
  private readonly running = new Map<string, { owner: Owner; controller: AbortController }>();
  private readonly unsubscribe: (() => void)[] = [];

  constructor(private readonly bus: EventBus) {
    this.unsubscribe.push(
      bus.subscribe('ai.chunk', (event) => this.deliver(event)),
      bus.subscribe('ai.stop', (event) => {
        const run = this.running.get(event.connectId);
        if (run && run.owner.appId === event.appId && run.owner.userId === event.userId) run.controller.abort();
      }),
    );
  }

  get size(): number {
    return this.open.size;
  }

  /** Opens the stream on `raw` and sends the connection id; returns it. */
  attach(raw: ServerResponse, owner: Owner, seal: StreamSeal | undefined, headers: Record<string, string>): string {
    const connectId = randomBytes(16).toString('hex');
    const connection: Connection = { ...owner, raw, seal, seq: 0 };
    this.open.set(connectId, connection);
    raw.on('close', () => this.open.delete(connectId));
    raw.writeHead(200, {
      ...headers,
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    raw.write(`retry: ${CONNECTION_RETRY_MS}\n\n`);
    this.write(connectId, connection, undefined, connectId);
    return connectId;
  }

  heartbeat(): void {
    for (const { raw } of this.open.values()) raw.write(': ping\n\n');
  }

  closeAll(): void {
    for (const { raw } of this.open.values()) raw.end(`retry: ${CONNECTION_RETRY_MS}\n\n`);
    this.open.clear();
    for (const { controller } of this.running.values()) controller.abort();
    for (const off of this.unsubscribe.splice(0)) off();
  }

  /**
   * Sends a piece of an answer (or its end) to the connection, wherever it is. A connection held by
   * this instance (the usual case: the page's stream and its send reach the same instance) is
   * written at once, without the bus: over Redis each piece was a round trip the relay waited for
   * before reading the next one, and a message every instance parsed. Connection ids are random per
   * stream, so one held here is held nowhere else.
   */
  async publish(
    owner: Owner,
    connectId: string,
    chunk: Pick<AiChunkEvent, 'kind' | 'text' | 'recordId' | 'status'>,
  ): Promise<void> {
    const event: AiChunkEvent = { type: 'ai.chunk', appId: owner.appId, userId: owner.userId, connectId, ...chunk };
    if (this.open.has(connectId)) this.deliver(event);
    else await this.bus.publish(event);
  }

  stop(owner: Owner, connectId: string) {
    return this.bus.publish({ type: 'ai.stop', appId: owner.appId, userId: owner.userId, connectId });
  }

  /** Registers an answer running here for this connection; a second one for it is refused. */
  run(owner: Owner, connectId: string): AbortController | undefined {
    if (this.running.has(connectId)) return undefined;
    const controller = new AbortController();
    this.running.set(connectId, { owner, controller });
    return controller;
  }

  finish(connectId: string): void {
    this.running.delete(connectId);
  }

  private deliver(event: AiChunkEvent): void {
    const connection = this.open.get(event.connectId);
    if (!connection || connection.appId !== event.appId || connection.userId !== event.userId) return;
    if (event.kind === 'text') this.write(event.connectId, connection, undefined, event.text ?? '');
    else if (event.kind === 'done')
      this.write(
        event.connectId,
        connection,
        'done',
        JSON.stringify({ recordId: event.recordId, status: event.status }),
      );
    else this.write(event.connectId, connection, 'error', event.text ?? '');
  }

  /** One message: `id` counts per connection (the first is the connection id itself). */
  private write(connectId: string, connection: Connection, name: string | undefined, data: string): void {
    const { raw, seal } = connection;
    if (raw.writableEnded) return;
    if (raw.writableLength > MAX_BUFFERED_BYTES) {
      raw.end();
      return;
    }
    const id = connection.seq === 0 ? connectId : `${connectId}.${connection.seq}`;
    connection.seq += 1;
    const body = seal ? sealEventData(seal, id, JSON.stringify(data)) : data;
    const lines = body
      .split('\n')
      .map((line) => `data: ${line}`)
      .join('\n');
    raw.write(`id: ${id}\n${name ? `event: ${name}\n` : ''}${lines}\n\n`);
  }
}
