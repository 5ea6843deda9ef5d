/**
 * The shared replay log of the event streams (docs/schemas.md "Bus and SSE", docs/reliability.md):
 * with Redis, every event a browser may see is also appended to a capped Redis stream per app, in
 * the same MULTI as its PUBLISH, so the log's order is the channel's order on every instance. A
 * browser whose instance dies reconnects to another one with Last-Event-ID and is replayed from this
 * log, whatever instance it lands on and whenever that instance started. Without it each instance
 * only had its own ring, whose "before any event" anchor no other instance knew.
 */
import type { ChainableCommander, Redis } from 'ioredis';
import { parseBusEvent, type BusEvent } from '../../protocol/events';

/** Entries kept per app (approximately: Redis trims whole nodes, so a few more may stay). */
export const REPLAY_LOG_SIZE = 200;

export function replayLogKey(tablePrefix: string, appId: string): string {
  return `tessera:${tablePrefix}:replay:${appId}`;
}

/** One position of an app's log: an event, or an anchor ("before anything") without one. */
export interface LogEntry {
  id: string;
  event?: BusEvent;
}

export interface LogAnswer {
  /** Whether `lastId` is in the log (false: unknown or trimmed away; the client must reset). */
  found: boolean;
  /** The entries after `lastId` in the shared order (empty when not found). */
  entries: LogEntry[];
  /** The newest position of the app's log (an anchor is written when the log is empty). */
  position: string;
  /** Every id in the log as read: events queued live meanwhile with one of these are not sent twice. */
  covered: ReadonlySet<string>;
}

export interface SharedReplayLog {
  after(appId: string, lastId: string | undefined): Promise<LogAnswer>;
}

/** Adds an event to its app's log inside the caller's MULTI (before the PUBLISH). */
export function appendToLog(multi: ChainableCommander, tablePrefix: string, id: string, event: BusEvent): void {
  multi.xadd(
    replayLogKey(tablePrefix, event.appId),
    'MAXLEN',
    '~',
    String(REPLAY_LOG_SIZE),
    '*',
    'id',
    id,
    'event',
    JSON.stringify(event),
  );
}

export class RedisReplayLog implements SharedReplayLog {
  constructor(
    private readonly redis: Redis,
    private readonly tablePrefix: string,
    private readonly nextId: () => string,
  ) {}

  async after(appId: string, lastId: string | undefined): Promise<LogAnswer> {
    const key = replayLogKey(this.tablePrefix, appId);
    // Capped at ~200 small entries, so reading the whole log is one cheap round trip.
    const entries = (await this.redis.xrange(key, '-', '+')).map(([, fields]) => entryOf(fields));
    if (entries.length === 0) {
      const anchor = this.nextId();
      await this.redis.xadd(key, 'MAXLEN', '~', String(REPLAY_LOG_SIZE), '*', 'id', anchor);
      return { found: lastId === undefined, entries: [], position: anchor, covered: new Set() };
    }
    const covered = new Set(entries.map((entry) => entry.id));
    const position = entries[entries.length - 1]!.id;
    if (lastId === undefined) return { found: true, entries: [], position, covered };
    const at = entries.findIndex((entry) => entry.id === lastId);
    return { found: at >= 0, entries: at >= 0 ? entries.slice(at + 1) : [], position, covered };
  }
}

/** Field list [name, value, …] of one stream entry; an event that fails its check is left out. */
function entryOf(fields: string[]): LogEntry {
  const values = new Map<string, string>();
  for (let i = 0; i + 1 < fields.length; i += 2) values.set(fields[i]!, fields[i + 1]!);
  const id = values.get('id') ?? '';
  const json = values.get('event');
  if (json === undefined) return { id };
  let event: BusEvent | undefined;
  try {
    event = parseBusEvent(JSON.parse(json));
  } catch {
    event = undefined;
  }
  return event ? { id, event } : { id };
}
