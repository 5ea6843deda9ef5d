/**
 * The heartbeat and session re-check of every open event stream, from one timer. A timer per
 * stream, each reading its own session, made 1,000 idle streams 1,000 timers and 40 session reads a
 * second; and streams opened together (a reconnect wave, a benchmark's burst) fired together, a
 * hundred writes and reads in one turn of the event loop every period. Here the streams are dealt
 * into slots; each tick serves one slot — a comment written to each of its streams and one read of
 * the sessions they belong to (several tabs share one) — so every stream still gets a heartbeat and
 * a check once per period, and the work is spread evenly across it.
 */

/** What the sweep needs of a stream (stream.ts EventStream). */
export interface SweptStream {
  readonly tokenHash: string;
  readonly isClosed: boolean;
  heartbeat(): void;
  close(): void;
}

/** Of these token hashes, the ones whose session still exists and has not expired. */
export type LiveSessions = (tokenHashes: string[]) => Promise<Set<string>>;

/** Ticks per period at most: 1 s apart with the default 25 s heartbeat. */
const MAX_SLOTS = 25;
/** Ticks no closer than this (a test's 100 ms heartbeat: one slot). */
const MIN_TICK_MS = 100;

export class StreamSweep {
  private readonly slots: Set<SweptStream>[];
  private readonly tickMs: number;
  private next = 0;
  private cursor = 0;
  private timer: ReturnType<typeof setInterval> | undefined;
  private count = 0;

  constructor(
    periodMs: number,
    private readonly liveSessions: LiveSessions,
    private readonly onError: (error: unknown) => void,
  ) {
    const slots = Math.max(1, Math.min(MAX_SLOTS, Math.floor(periodMs / MIN_TICK_MS)));
    this.slots = Array.from({ length: slots }, () => new Set<SweptStream>());
    this.tickMs = periodMs / slots;
  }

  /** Adds a stream (to the next slot in turn); returns its removal. */
  add(stream: SweptStream): () => void {
    const slot = this.slots[this.next]!;
    this.next = (this.next + 1) % this.slots.length;
    slot.add(stream);
    this.count += 1;
    if (!this.timer) {
      this.timer = setInterval(() => this.tick(), this.tickMs);
      this.timer.unref();
    }
    return () => {
      if (!slot.delete(stream)) return;
      this.count -= 1;
      if (this.count === 0) this.stop();
    };
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private tick(): void {
    const slot = this.slots[this.cursor]!;
    this.cursor = (this.cursor + 1) % this.slots.length;
    if (slot.size === 0) return;
    const streams = [...slot];
    const hashes = new Set<string>();
    for (const stream of streams) {
      stream.heartbeat();
      hashes.add(stream.tokenHash);
    }
    this.liveSessions([...hashes]).then((live) => {
      for (const stream of streams) if (!stream.isClosed && !live.has(stream.tokenHash)) stream.close();
    }, this.onError);
  }
}
