/**
 * The event bus seam (docs/schemas.md "Bus and SSE"): publish an event, every subscriber of its
 * type on every instance gets it once. In-process by default; over Redis pub/sub when REDIS_URL is
 * set, so several server instances see each other's events.
 */
import type { BusEvent, BusEventType, EventOf } from '../../protocol/events';
import type { SharedReplayLog } from './replay-log';

/** What a subscriber learns besides the event: its id, the same on every instance. */
export interface Delivery {
  /** Assigned by the publishing instance; increases with time (the stream's `id:`). */
  id: string;
}

export type Handler<T extends BusEventType> = (event: EventOf<T>, delivery: Delivery) => void;

export interface EventBus {
  /**
   * Delivers the event to this instance's subscribers (before resolving) and to the other
   * instances. Never rejects for a transport failure: that is logged, the local delivery stands.
   */
  publish(event: BusEvent): Promise<void>;
  /** With Redis: the events of each app in one order for every instance (Last-Event-ID replay). */
  readonly replayLog?: SharedReplayLog;
  /** 'local' (one process) or 'redis' (shared with the other instances). */
  readonly kind: 'local' | 'redis';
  /** Whether the shared transport answers now (always true in-process); never rejects. */
  reachable(timeoutMs: number): Promise<boolean>;
  /** Calls handler for each event of this type ('*': every type); returns the unsubscribe. */
  subscribe<T extends BusEventType>(type: T, handler: Handler<T>): () => void;
  subscribe(type: '*', handler: (event: BusEvent, delivery: Delivery) => void): () => void;
  /**
   * Calls handler each time the shared transport comes back after it was lost: events other
   * instances published meanwhile never arrived, so whatever they would have invalidated must be
   * dropped now (app.ts dropCachesOnResync). Never called in-process. Returns the unsubscribe.
   */
  onResync(handler: () => void): () => void;
  /** Stops delivery and closes connections (the app's onClose). */
  close(): Promise<void>;
}

/** The slice of pino the bus logs to. */
export interface BusLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}
