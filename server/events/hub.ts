/**
 * The instance's side of the event streams: it hears every bus event, keeps the recent ones of each
 * app in a bounded ring (for Last-Event-ID replay) and hands each to the open streams allowed to see
 * it (protocol/events.ts isForSession). A `session.ended` event closes that session's streams here
 * and on every other instance.
 */
import { Lru } from '../../protocol/envelope/lru';
import { isForSession, SERVER_ONLY_EVENTS, type BusEvent } from '../../protocol/events';
import type { EventBus } from '../bus/index';
import { EventIds } from '../bus/local';

/** What the hub needs of an open stream (stream.ts). */
export interface StreamSink {
  readonly appId: string;
  readonly userId: string;
  readonly tokenHash: string;
  /** `json`: the event already serialised (once per event, not per stream). */
  send(id: string, event: BusEvent, json?: string): void;
  /** `retryMs`: a reconnect hint written before the end (server shutdown: come back elsewhere). */
  close(retryMs?: number): void;
}

/** A ring entry; the anchor (first entry of a new ring) marks "before any event" and has none. */
interface Entry {
  id: string;
  event?: BusEvent;
}

export interface HubOptions {
  /** Events kept per app for replay (default 200). */
  ringSize?: number;
  /** Apps whose rings are kept (default 1,000; the least recently used goes). */
  maxApps?: number;
  /**
   * Open streams one session may hold (default 8: one per browser tab sharing the token); a new
   * one beyond that closes the session's oldest, so a script cannot pile up connections.
   */
  maxStreamsPerSession?: number;
  /** Where a failed read of the shared replay log is reported (the local ring answers instead). */
  log?: { warn(object: object, message: string): void };
}

/**
 * covered: ids the replay already accounts for; an event that reached the stream live while the
 * replay was read, with one of these ids, is not sent again.
 */
export type Replay = ({ reset: false; events: Entry[]; position: string } | { reset: true; position: string }) & {
  covered: ReadonlySet<string>;
};

/** Reconnect hint sent to every open stream when the server stops (it is draining: go elsewhere). */
export const SHUTDOWN_RETRY_MS = 1000;

export class EventHub {
  private readonly rings: Lru<string, Entry[]>;
  private readonly ringSize: number;
  /** Open streams by app: an event only visits the streams of its own app. */
  private readonly streams = new Map<string, Set<StreamSink>>();
  private readonly anchors = new EventIds();
  private readonly unsubscribe: () => void;
  private readonly maxPerSession: number;
  private readonly log: HubOptions['log'];

  constructor(
    private readonly bus: EventBus,
    options: HubOptions = {},
  ) {
    this.log = options.log;
    this.ringSize = options.ringSize ?? 200;
    this.maxPerSession = options.maxStreamsPerSession ?? 8;
    this.rings = new Lru(options.maxApps ?? 1000);
    this.unsubscribe = bus.subscribe('*', (event, delivery) => this.onEvent(event, delivery.id));
  }

  get openStreams(): number {
    let count = 0;
    for (const set of this.streams.values()) count += set.size;
    return count;
  }

  /** Registers an open stream; returns its removal. */
  attach(stream: StreamSink): () => void {
    let set = this.streams.get(stream.appId);
    if (!set) this.streams.set(stream.appId, (set = new Set()));
    set.add(stream);
    const same = [...set].filter((other) => other.tokenHash === stream.tokenHash);
    for (const oldest of same.slice(0, Math.max(0, same.length - this.maxPerSession))) oldest.close();
    return () => {
      set.delete(stream);
      if (set.size === 0 && this.streams.get(stream.appId) === set) this.streams.delete(stream.appId);
    };
  }

  /**
   * The events of `appId` after `lastId` that this session may see, and the position to report.
   * reset: lastId is not (or no longer) known, so events may have been missed. With Redis the shared
   * log answers (the same on every instance: a stream moved by a failover resumes exactly); if Redis
   * cannot, or the id was published while Redis was down, this instance's own ring does.
   */
  async replay(appId: string, userId: string, lastId: string | undefined): Promise<Replay> {
    const shared = this.bus.replayLog;
    if (shared) {
      try {
        const answer = await shared.after(appId, lastId);
        if (answer.found) {
          const events = answer.entries.filter((entry) => entry.event && isForSession(entry.event, appId, userId));
          return { reset: false, events, position: answer.position, covered: answer.covered };
        }
        const local = this.replayLocal(appId, userId, lastId);
        return local.reset ? { reset: true, position: answer.position, covered: answer.covered } : local;
      } catch (error) {
        this.log?.warn(
          { err: (error as Error).message },
          'event stream: shared replay log unreadable, local ring used',
        );
      }
    }
    return this.replayLocal(appId, userId, lastId);
  }

  /** The same from this instance's ring only (the in-process bus, or Redis unreachable). */
  replayLocal(appId: string, userId: string, lastId: string | undefined): Replay {
    const ring = this.ring(appId);
    const position = ring[ring.length - 1]!.id;
    const covered = new Set(ring.map((entry) => entry.id));
    if (lastId === undefined) return { reset: false, events: [], position, covered };
    const at = ring.findIndex((entry) => entry.id === lastId);
    if (at < 0) return { reset: true, position, covered };
    const events = ring.slice(at + 1).filter((entry) => entry.event && isForSession(entry.event, appId, userId));
    return { reset: false, events, position, covered };
  }

  /** Closes every stream (server close), each with a reconnect hint. */
  close(): void {
    this.unsubscribe();
    for (const set of [...this.streams.values()]) for (const stream of [...set]) stream.close(SHUTDOWN_RETRY_MS);
    this.streams.clear();
  }

  private onEvent(event: BusEvent, id: string): void {
    const streams = this.streams.get(event.appId);
    if (event.type === 'session.ended' || (event.type === 'auth.changed' && event.tokenHash)) {
      for (const stream of [...(streams ?? [])]) if (stream.tokenHash === event.tokenHash) stream.close();
    }
    if (SERVER_ONLY_EVENTS.has(event.type)) return;
    const ring = this.ring(event.appId);
    ring.push({ id, event });
    if (ring.length > this.ringSize) ring.splice(0, ring.length - this.ringSize);
    if (!streams) return;
    const json = JSON.stringify(event);
    for (const stream of [...streams]) {
      if (isForSession(event, stream.appId, stream.userId)) stream.send(id, event, json);
    }
  }

  private ring(appId: string): Entry[] {
    let ring = this.rings.get(appId);
    if (!ring) {
      ring = [{ id: this.anchors.next() }];
      this.rings.set(appId, ring);
    }
    return ring;
  }
}
