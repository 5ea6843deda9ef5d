/**
 * The aggregate limiter (limiter.ts): how many statements run at once and which starts next. The
 * tasks here are promises the test settles itself; durations come from a fake clock, so nothing
 * depends on how fast the machine is.
 */
import { describe, expect, it } from 'vitest';
import { AggregateLimiter } from './limiter';

const turn = () => new Promise((next) => setImmediate(next));

/** A limiter on a fake clock, and tasks that end when the test says. */
function harness(concurrency: number) {
  const clock = { now: 0 };
  const limiter = new AggregateLimiter(concurrency, () => clock.now);
  const started: string[] = [];
  const running = new Map<string, { resolve(): void; reject(error: Error): void }>();
  const submit = (shape: string, name = shape) =>
    limiter.run(shape, () => {
      started.push(name);
      return new Promise<string>((resolve, reject) => running.set(name, { resolve: () => resolve(name), reject }));
    });
  /** Ends a running task after `ms` of the fake clock. */
  const finish = async (name: string, ms = 0) => {
    clock.now += ms;
    running.get(name)!.resolve();
    running.delete(name);
    await turn();
  };
  /** Runs each shape alone for its duration, so the limiter remembers it; then forgets the starts. */
  const learn = async (durations: Record<string, number>) => {
    for (const [shape, ms] of Object.entries(durations)) {
      void submit(shape);
      await turn();
      await finish(shape, ms);
    }
    started.length = 0;
  };
  return { limiter, started, running, submit, finish, learn, clock };
}

describe('AggregateLimiter', () => {
  it('runs at most `concurrency` statements at once; the next starts when one ends', async () => {
    const h = harness(2);
    const answers = ['a', 'b', 'c', 'd', 'e'].map((name) => h.submit(name));
    await turn();
    expect(h.started).toEqual(['a', 'b']);
    await h.finish('a', 10);
    expect(h.started).toEqual(['a', 'b', 'c']);
    await h.finish('b', 10);
    await h.finish('c', 10);
    await h.finish('d', 10);
    await h.finish('e', 10);
    expect(await Promise.all(answers)).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(h.limiter.stats).toEqual({ peak: 2, started: 5 });
  });

  it('starts nothing in the turn a statement arrives, so those arriving with it are ranked together', async () => {
    const h = harness(1);
    void h.submit('short');
    expect(h.started).toEqual([]);
    void h.submit('long');
    await turn();
    // Neither was seen before: arrival order.
    expect(h.started).toEqual(['short']);
  });

  it('starts the shape that took longest last time first, the short ones after it', async () => {
    const h = harness(1);
    // A first dashboard: the shapes' durations are learned.
    const first = [
      ['stat', 20],
      ['month', 50],
      ['top', 300],
      ['level', 30],
    ] as const;
    for (const [shape] of first) void h.submit(shape);
    await turn();
    for (const [shape, ms] of first) await h.finish(shape, ms);
    expect(h.limiter.remembered('top')).toBe(300);

    // The same dashboard again: the longest first, then by duration.
    h.started.length = 0;
    for (const [shape] of first) void h.submit(shape);
    await turn();
    expect(h.started).toEqual(['top']);
    await h.finish('top', 300);
    await h.finish('month', 50);
    await h.finish('level', 30);
    await h.finish('stat', 20);
    expect(h.started).toEqual(['top', 'month', 'level', 'stat']);
  });

  it('starts a shape never seen before known ones, and equal ranks in arrival order', async () => {
    const h = harness(1);
    void h.submit('known');
    await turn();
    await h.finish('known', 500);
    h.started.length = 0;
    void h.submit('known', 'known-1');
    void h.submit('new-1');
    void h.submit('known', 'known-2');
    void h.submit('new-2');
    await turn();
    await h.finish('new-1');
    await h.finish('new-2');
    await h.finish('known-1', 500);
    await h.finish('known-2', 500);
    expect(h.started).toEqual(['new-1', 'new-2', 'known-1', 'known-2']);
  });

  it('counts time waited towards the rank: a short statement is not held back by long ones arriving after it', async () => {
    const h = harness(1);
    await h.learn({ short: 10, long: 300 });
    void h.submit('long', 'long-1');
    void h.submit('short', 'short-1');
    await turn();
    expect(h.started).toEqual(['long-1']);
    // A new long one arrives while the short one has waited 300 ms: 10 + 300 > 300 + 0.
    h.clock.now += 300;
    void h.submit('long', 'long-2');
    await h.finish('long-1');
    expect(h.started).toEqual(['long-1', 'short-1']);
    await h.finish('short-1', 10);
    expect(h.started).toEqual(['long-1', 'short-1', 'long-2']);
  });

  it('with two slots, the long statement runs beside the short ones, which take the other slot in turn', async () => {
    const h = harness(2);
    await h.learn({ a: 10, b: 20, long: 300 });
    for (const shape of ['a', 'b', 'long']) void h.submit(shape);
    await turn();
    expect(h.started).toEqual(['long', 'b']);
    await h.finish('b', 20);
    expect(h.started).toEqual(['long', 'b', 'a']);
  });

  it('a failed statement frees its slot and passes its error on; the task is told how long it waited', async () => {
    const h = harness(1);
    const waits: number[] = [];
    // Fails after 25 ms of the fake clock.
    const failing = h.limiter.run(
      'x',
      () =>
        new Promise<never>((_resolve, reject) =>
          setImmediate(() => {
            h.clock.now += 25;
            reject(new Error('boom'));
          }),
        ),
    );
    const thrown = h.limiter.run('y', () => {
      throw new Error('sync');
    });
    const after = h.limiter.run('z', (waited) => {
      waits.push(waited);
      return Promise.resolve('ok');
    });
    h.clock.now = 40;
    await expect(failing).rejects.toThrow('boom');
    await expect(thrown).rejects.toThrow('sync');
    expect(await after).toBe('ok');
    expect(waits).toEqual([65]);
    // A failure records how long it held its slot.
    expect(h.limiter.remembered('x')).toBe(25);
  });

  it('refuses a concurrency under one', () => {
    expect(() => new AggregateLimiter(0)).toThrow(/at least 1/);
  });
});
