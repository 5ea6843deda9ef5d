/**
 * The event bus seam (docs/schemas.md "Bus and SSE"): publish an event, every subscriber of its
 * type on every instance gets it once. In-process by default; over Redis pub/sub when REDIS_URL is
 * set, so several server instances see each other's events.
 */
import type { BusEvent, BusEventType, EventOf } from '../../protocol/events';

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
  /** Calls handler for each event of this type ('*': every type); returns the unsubscribe. */
  subscribe<T extends BusEventType>(type: T, handler: Handler<T>): () => void;
  subscribe(type: '*', handler: (event: BusEvent, delivery: Delivery) => void): () => void;
  /** Stops delivery and closes connections (the app's onClose). */
  close(): Promise<void>;
}

/** The slice of pino the bus logs to. */
export interface BusLog {
  warn(object: object, message: string): void;
  error(object: object, message: string): void;
}
