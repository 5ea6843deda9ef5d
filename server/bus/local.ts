/**
 * The in-process bus, and the local delivery every bus does: handlers by type, each called once
 * per event; a throwing handler is logged and never stops the others or the publisher.
 */
import { randomBytes } from 'node:crypto';
import type { BusEvent, BusEventType } from '../../protocol/events';
import type { BusLog, Delivery, EventBus, Handler } from './types';

type AnyHandler = (event: BusEvent, delivery: Delivery) => void;

/** Ids that sort by time across instances: ms (base 36, fixed width) . instance . sequence. */
export class EventIds {
  private seq = 0;
  readonly instance = randomBytes(4).toString('hex');

  next(now = Date.now()): string {
    this.seq = (this.seq + 1) % 0x100000000;
    return `${now.toString(36).padStart(9, '0')}.${this.instance}.${this.seq.toString(36)}`;
  }
}

export class LocalDelivery {
  private readonly handlers = new Map<BusEventType | '*', Set<AnyHandler>>();
  private closed = false;

  constructor(private readonly log: BusLog) {}

  subscribe(type: BusEventType | '*', handler: AnyHandler): () => void {
    let set = this.handlers.get(type);
    if (!set) this.handlers.set(type, (set = new Set()));
    // A wrapper per subscription, so subscribing the same function twice gives two deliveries
    // and each unsubscribe removes only its own.
    const entry: AnyHandler = (event, delivery) => handler(event, delivery);
    set.add(entry);
    return () => void set.delete(entry);
  }

  deliver(event: BusEvent, delivery: Delivery): void {
    if (this.closed) return;
    for (const key of [event.type, '*'] as const) {
      for (const handler of [...(this.handlers.get(key) ?? [])]) {
        try {
          handler(event, delivery);
        } catch (error) {
          this.log.error({ err: error, eventType: event.type }, 'event handler failed');
        }
      }
    }
  }

  close(): void {
    this.closed = true;
    this.handlers.clear();
  }
}

export class LocalBus implements EventBus {
  readonly kind = 'local';
  private readonly local: LocalDelivery;
  private readonly ids = new EventIds();

  constructor(log: BusLog) {
    this.local = new LocalDelivery(log);
  }

  async publish(event: BusEvent): Promise<void> {
    this.local.deliver(event, { id: this.ids.next() });
  }

  subscribe<T extends BusEventType>(type: T | '*', handler: Handler<T>): () => void {
    return this.local.subscribe(type, handler as unknown as AnyHandler);
  }

  async reachable(): Promise<boolean> {
    return true;
  }

  /** One process misses nothing: never called. */
  onResync(): () => void {
    return () => {};
  }

  async close(): Promise<void> {
    this.local.close();
  }
}
