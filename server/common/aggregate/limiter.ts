/**
 * How many aggregate statements one instance runs at once on PostgreSQL and MySQL/MariaDB, and in
 * which order they start (docs/dashboards.md "Time limit").
 *
 * A dashboard sends all its widgets' queries together. Given a connection each, a dozen statements
 * share the database's cores from the first moment, so the longest one (a top-N over every name)
 * gets a fraction of a core until the short ones end, and the dashboard takes longer than that one
 * statement alone would. Here at most `concurrency` statements run (about the cores); the rest wait,
 * and the next to start is the one whose shape (its SQL without values) took longest the last time
 * it ran — the critical path starts first and the short ones fill the other slots. A shape never
 * seen starts before known ones: it may be the long one. Time spent waiting adds to the rank, so a
 * stream of long statements cannot hold a short one back for longer than they take (statements
 * that arrive together wait alike and keep their order). Ties keep their arrival order.
 *
 * Waiting is also when widgets join a statement (shared.ts builds it only when it starts), so a
 * queue makes more of them share. A start is looked at one event-loop turn after a statement
 * arrives, so the widgets whose requests came together are all in the queue to be ranked.
 */
import { LRUCache } from 'lru-cache';

/** Last duration of this many shapes (a shape is a few hundred bytes of SQL). */
const REMEMBERED_SHAPES = 500;

interface Waiting {
  shape: string;
  /** Remembered duration, or Infinity for a shape not seen yet. */
  rank: number;
  /** When it arrived (the clock's ms), and its place in arrival order. */
  since: number;
  arrived: number;
  start(): void;
}

export class AggregateLimiter {
  private readonly durations = new LRUCache<string, number>({ max: REMEMBERED_SHAPES });
  private readonly queue: Waiting[] = [];
  private running = 0;
  private arrivals = 0;
  private pumpScheduled = false;
  /** Most statements seen running at once, for tests and diagnostics. */
  readonly stats = { peak: 0, started: 0 };

  constructor(
    readonly concurrency: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    if (!(concurrency >= 1)) throw new Error(`aggregate concurrency must be at least 1, got ${concurrency}`);
  }

  /** The duration last recorded for a shape (undefined: never ran here). */
  remembered(shape: string): number | undefined {
    return this.durations.get(shape);
  }

  /**
   * Runs `task` when a slot frees and it is the longest waiting; resolves with its result. `task`
   * receives how long it waited (ms), to take from its time limit.
   */
  run<T>(shape: string, task: (waitedMs: number) => Promise<T>): Promise<T> {
    const arrived = this.now();
    return new Promise<T>((resolve, reject) => {
      const start = () => {
        this.running++;
        this.stats.started++;
        this.stats.peak = Math.max(this.stats.peak, this.running);
        const began = this.now();
        let outcome: Promise<T>;
        try {
          outcome = task(began - arrived);
        } catch (error) {
          outcome = Promise.reject(error);
        }
        // A failure is remembered too: a statement stopped at the time limit held its slot that long.
        outcome.then(resolve, reject).finally(() => {
          this.durations.set(shape, this.now() - began);
          this.running--;
          this.pump();
        });
      };
      const rank = this.durations.get(shape) ?? Infinity;
      this.queue.push({ shape, rank, since: arrived, arrived: this.arrivals++, start });
      this.schedulePump();
    });
  }

  private schedulePump(): void {
    if (this.pumpScheduled) return;
    this.pumpScheduled = true;
    setImmediate(() => {
      this.pumpScheduled = false;
      this.pump();
    });
  }

  private pump(): void {
    while (this.running < this.concurrency && this.queue.length) {
      const now = this.now();
      const score = (waiting: Waiting) => waiting.rank + (now - waiting.since);
      let best = 0;
      for (let i = 1; i < this.queue.length; i++) {
        const a = this.queue[i]!;
        const b = this.queue[best]!;
        if (score(a) > score(b) || (score(a) === score(b) && a.arrived < b.arrived)) best = i;
      }
      const [next] = this.queue.splice(best, 1);
      next!.start();
    }
  }
}
