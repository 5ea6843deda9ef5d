/**
 * The bus over Redis pub/sub (ioredis), for several server instances. One channel per table
 * prefix; a message is `{ origin, id, event }`. The publishing instance delivers to its own
 * subscribers at once and skips its own message when Redis echoes it back, so every subscriber
 * gets every event exactly once, and a Redis outage never stops local delivery. Messages from the
 * channel are checked (parseBusEvent): a bad one is logged and dropped.
 * Pub/sub needs its own connection (a subscribed connection can only subscribe), hence two.
 */
import { Redis } from 'ioredis';
import { parseBusEvent, SERVER_ONLY_EVENTS, type BusEvent, type BusEventType } from '../../protocol/events';
import { redactUrl } from '../config';
import { EventIds, LocalDelivery } from './local';
import { appendToLog, RedisReplayLog, type SharedReplayLog } from './replay-log';
import type { BusLog, Delivery, EventBus, Handler } from './types';

/** Larger messages on the channel are dropped unread (events are small; this is a guard). */
const MAX_MESSAGE_BYTES = 64 * 1024;

export function busChannel(tablePrefix: string): string {
  return `tessera:${tablePrefix}:events`;
}

export class RedisBus implements EventBus {
  readonly kind = 'redis';
  private readonly local: LocalDelivery;
  private readonly ids = new EventIds();
  private closing = false;
  /** Events a browser may see, per app, in the channel's order (server/bus/replay-log.ts). */
  readonly replayLog: SharedReplayLog;

  private constructor(
    private readonly pub: Redis,
    private readonly sub: Redis,
    private readonly channel: string,
    private readonly tablePrefix: string,
    private readonly log: BusLog,
  ) {
    this.local = new LocalDelivery(log);
    this.replayLog = new RedisReplayLog(pub, tablePrefix, () => this.ids.next());
    sub.on('message', (channel: string, message: string) => {
      if (channel === this.channel) this.receive(message);
    });
    // The subscriber lost Redis (ioredis reconnects and resubscribes by itself): once it is back,
    // the events of that gap are gone for good, so the caches they would have dropped go now.
    sub.on('close', () => {
      if (this.closing || this.lost) return;
      this.lost = true;
      log.warn({ redis: 'subscriber' }, 'event bus: lost redis, events are local to this instance until it is back');
    });
    sub.on('ready', () => {
      if (this.closing || !this.lost) return;
      // We resubscribe ourselves (autoResubscribe is off): ioredis' own resubscribe has no catch,
      // so a connection lost again mid-SUBSCRIBE became an unhandled rejection (seen in CI). A
      // failed one is retried on the next 'ready'; until it succeeds the bus counts as lost.
      sub.subscribe(this.channel).then(
        () => this.resynced(),
        (error: Error) => log.warn({ redis: 'subscriber', err: error.message }, 'event bus: resubscribe failed'),
      );
    });
  }

  private lost = false;

  private resynced(): void {
    if (this.closing || !this.lost) return;
    this.lost = false;
    this.log.warn({ redis: 'subscriber' }, 'event bus: redis is back, dropping caches that missed events');
    for (const handler of [...this.resyncHandlers]) {
      try {
        handler();
      } catch (error) {
        this.log.error({ err: (error as Error).message }, 'event bus: a resync handler failed');
      }
    }
  }
  private readonly resyncHandlers = new Set<() => void>();

  onResync(handler: () => void): () => void {
    this.resyncHandlers.add(handler);
    return () => this.resyncHandlers.delete(handler);
  }

  /** Connects both connections and subscribes; rejects (naming no password) if Redis is unreachable. */
  static async connect(url: string, tablePrefix: string, log: BusLog): Promise<RedisBus> {
    const options = {
      lazyConnect: true,
      // A publish while Redis is down fails at once (and is logged) instead of queueing: a save
      // must not wait on Redis. The subscriber reconnects and resubscribes by itself.
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectionName: 'tessera-bus',
    };
    const pub = new Redis(url, options);
    const sub = new Redis(url, { ...options, enableOfflineQueue: true, autoResubscribe: false });
    for (const [name, connection] of [
      ['publisher', pub],
      ['subscriber', sub],
    ] as const) {
      // Without a listener an 'error' event would crash the process; ioredis retries by itself.
      connection.on('error', (error: Error) => log.warn({ redis: name, err: error.message }, 'event bus: redis error'));
    }
    const bus = new RedisBus(pub, sub, busChannel(tablePrefix), tablePrefix, log);
    try {
      await Promise.all([pub.connect(), sub.connect()]);
      await sub.subscribe(bus.channel);
    } catch (error) {
      pub.disconnect();
      sub.disconnect();
      throw new Error(`Event bus: cannot reach Redis at ${redactUrl(url)}: ${(error as Error).message}`, {
        cause: error,
      });
    }
    return bus;
  }

  async publish(event: BusEvent): Promise<void> {
    if (this.closing) return;
    const id = this.ids.next();
    this.local.deliver(event, { id });
    try {
      // One MULTI: the replay log and the channel get the events in the same order.
      const multi = this.pub.multi();
      if (!SERVER_ONLY_EVENTS.has(event.type)) appendToLog(multi, this.tablePrefix, id, event);
      multi.publish(this.channel, JSON.stringify({ origin: this.ids.instance, id, event }));
      const results = (await multi.exec()) ?? [];
      const failed = results.find(([error]) => error);
      if (failed) throw failed[0];
    } catch (error) {
      this.log.error({ err: (error as Error).message, eventType: event.type }, 'event bus: publish to redis failed');
    }
  }

  subscribe<T extends BusEventType>(type: T | '*', handler: Handler<T>): () => void {
    return this.local.subscribe(type, handler as unknown as (event: BusEvent, delivery: Delivery) => void);
  }

  private receive(message: string): void {
    let parsed: unknown;
    try {
      if (message.length > MAX_MESSAGE_BYTES) throw new Error('too large');
      parsed = JSON.parse(message);
    } catch {
      this.log.warn({ length: message.length }, 'event bus: ignored a message that is not JSON');
      return;
    }
    const { origin, id, event } = (parsed ?? {}) as { origin?: unknown; id?: unknown; event?: unknown };
    if (origin === this.ids.instance) return; // delivered locally when published
    const valid = parseBusEvent(event);
    if (!valid || typeof id !== 'string' || !/^[0-9a-z.]{1,64}$/.test(id)) {
      this.log.warn({ eventType: (event as { type?: unknown } | null)?.type }, 'event bus: ignored a malformed event');
      return;
    }
    this.local.deliver(valid, { id });
  }

  /**
   * The command connection, for shared state that rides on the same Redis (the envelope's replay
   * store). It fails fast while Redis is down (no offline queue), so such callers fail closed.
   */
  get commands(): Redis {
    return this.pub;
  }

  async reachable(timeoutMs: number): Promise<boolean> {
    // Both halves: commands answer, and the subscriber is back (events of others arrive again,
    // and the caches that missed the gap's events have been dropped).
    if (this.closing || this.lost) return false;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)));
    try {
      return await Promise.race([this.pub.ping().then((answer) => answer === 'PONG'), timeout]);
    } catch {
      return false;
    } finally {
      clearTimeout(timer);
    }
  }

  async close(): Promise<void> {
    if (this.closing) return;
    this.closing = true;
    this.local.close();
    await Promise.all([this.sub, this.pub].map(closeConnection));
  }
}

/** QUIT when connected (pending replies arrive first), else drop the socket; resolves once ended. */
async function closeConnection(connection: Redis): Promise<void> {
  if (connection.status === 'end') return;
  const ended = new Promise<void>((resolve) => connection.once('end', () => resolve()));
  if (connection.status === 'ready') await connection.quit().catch(() => connection.disconnect());
  else connection.disconnect();
  // Waiting to reconnect (Redis down), the connection has no socket: disconnect() only cancels the
  // retry and no 'end' ever comes. Waiting for it hung the shutdown of an instance cut from Redis
  // (tests/faults/redis-down.test.ts).
  if (connection.status === 'reconnecting') return;
  await ended;
}
