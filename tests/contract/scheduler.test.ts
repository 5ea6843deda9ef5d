/**
 * The scheduler's lease (server/scheduler): of several instances on one database exactly one runs
 * each tick; a crashed runner's claim expires and the next tick runs elsewhere; failures and hangs
 * are recorded and the scheduler goes on; missed ticks after downtime follow the task's policy.
 * Two Scheduler objects over one database stand for two instances (each its own holder id).
 */
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createDb, type Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrations/index';
import { LEASE_MARGIN_MS, LeaseStore, Scheduler, type TaskDefinition } from '../../server/scheduler/index';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PREFIX = 'tessera_';
const MINUTE = 60_000;
const quiet = { info: () => {}, error: () => {} };

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let db: Db;
  const clock = { now: Date.UTC(2026, 10, 26, 8, 0, 30) };
  let taskNo = 0;

  beforeAll(async () => {
    database = await makeDatabase();
    db = createDb(database.url);
    await migrateToLatest(db, PREFIX);
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  let name: string;
  beforeEach(() => {
    taskNo += 1;
    name = `test-task-${taskNo}`;
  });

  function instance(task: Partial<TaskDefinition>, holder: string) {
    const scheduler = new Scheduler(new LeaseStore(db, PREFIX), quiet, { holder, now: () => clock.now });
    scheduler.define({
      name,
      pattern: '* * * * *',
      timezone: 'Asia/Shanghai',
      timeoutMs: 5_000,
      missed: 'skip',
      run: async () => 'done',
      ...task,
    });
    return scheduler;
  }
  const history = () => new LeaseStore(db, PREFIX).history(name);

  it('two instances firing the same tick at once: exactly one runs it, and the next tick runs once too', async () => {
    const ran: string[] = [];
    const a = instance({ run: async () => void ran.push('a') }, 'instance-a');
    const b = instance({ run: async () => void ran.push('b') }, 'instance-b');
    await Promise.all([a.start(), b.start()]);
    const tick = clock.now - (clock.now % MINUTE);
    const results = await Promise.all([a.fire(name, tick), b.fire(name, tick)]);
    expect(results.sort()).toEqual(['ran', 'skipped']);
    expect(ran).toHaveLength(1);
    const results2 = await Promise.all([b.fire(name, tick + MINUTE), a.fire(name, tick + MINUTE)]);
    expect(results2.sort()).toEqual(['ran', 'skipped']);
    expect(ran).toHaveLength(2);
    // A late timer firing an old tick again is refused.
    expect(await a.fire(name, tick)).toBe('skipped');
    const runs = await history();
    expect(runs.map((r) => [r.tick, r.status])).toEqual([
      [tick + MINUTE, 'success'],
      [tick, 'success'],
    ]);
    await Promise.all([a.stop(), b.stop()]);
  });

  it("a crashed runner's claim holds until it expires, then the next tick runs on the other instance", async () => {
    const b = instance({ timeoutMs: 10_000 }, 'instance-b');
    await b.start();
    const store = new LeaseStore(db, PREFIX);
    const tick = clock.now - (clock.now % MINUTE);
    // Instance A claims and dies mid-run: nothing ever releases its claim.
    expect(await store.claim(name, tick, 'instance-a', clock.now, 10_000 + LEASE_MARGIN_MS)).toBe(true);
    expect(await b.fire(name, tick + MINUTE)).toBe('skipped');
    clock.now += 10_000 + LEASE_MARGIN_MS;
    expect(await b.fire(name, tick + 2 * MINUTE)).toBe('ran');
    expect((await history()).map((r) => [r.tick, r.holder, r.status])).toEqual([
      [tick + 2 * MINUTE, 'instance-b', 'success'],
    ]);
    await b.stop();
  });

  it('a failing task is recorded with its error, its claim released, and the next tick runs', async () => {
    let calls = 0;
    const a = instance(
      {
        run: async () => {
          calls += 1;
          if (calls === 1) throw new Error('upstream answered 502');
          return 'second time fine';
        },
      },
      'instance-a',
    );
    await a.start();
    const tick = clock.now - (clock.now % MINUTE);
    expect(await a.fire(name, tick)).toBe('ran');
    expect(await a.fire(name, tick + MINUTE)).toBe('ran');
    const runs = await history();
    expect(runs.map((r) => [r.status, r.output])).toEqual([
      ['success', 'second time fine'],
      ['fail', 'upstream answered 502'],
    ]);
    expect(runs.every((r) => r.finishedAt !== null)).toBe(true);
    await a.stop();
  });

  it('a task that hangs times out, its signal is aborted, and the scheduler keeps running', async () => {
    let aborted = false;
    const a = instance(
      {
        timeoutMs: 200,
        run: (signal) =>
          new Promise<string>((resolve) => {
            signal.addEventListener('abort', () => {
              aborted = true;
            });
            // Never resolves on its own: a hung upstream.
            void resolve;
          }),
      },
      'instance-a',
    );
    await a.start();
    const tick = clock.now - (clock.now % MINUTE);
    expect(await a.fire(name, tick)).toBe('ran');
    expect(aborted).toBe(true);
    const [run] = await history();
    expect(run).toMatchObject({ status: 'timeout', output: 'Timed out after 200 ms' });
    expect(await a.fire(name, tick + MINUTE)).toBe('ran');
    await a.stop();
  });

  it('missed ticks after downtime: runOnce runs the latest missed time once; skip runs none', async () => {
    const store = new LeaseStore(db, PREFIX);
    await store.ensure(name);
    // Last run three hours ago, on the hour (a 5-minute pattern).
    const lastTick = clock.now - (clock.now % MINUTE) - 3 * 60 * MINUTE;
    expect(await store.claim(name, lastTick, 'old', lastTick, 1)).toBe(true);
    const once = instance({ pattern: '*/5 * * * *', missed: 'runOnce' }, 'instance-a');
    await once.start();
    const runs = await history();
    expect(runs).toHaveLength(1);
    expect(new Date(runs[0]!.tick).getUTCMinutes() % 5).toBe(0);
    expect(runs[0]!.tick).toBeLessThanOrEqual(clock.now);
    expect(runs[0]!.tick).toBeGreaterThan(clock.now - 5 * MINUTE);
    await once.stop();
    // A second instance starting now sees nothing missed.
    const again = instance({ pattern: '*/5 * * * *', missed: 'runOnce' }, 'instance-b');
    await again.start();
    expect(await history()).toHaveLength(1);
    await again.stop();
  });

  it('skip policy runs nothing on start, and the timer is set for the next scheduled time', async () => {
    const store = new LeaseStore(db, PREFIX);
    await store.ensure(name);
    const skip = instance({ pattern: '0 3 * * *', missed: 'skip' }, 'instance-a');
    await skip.start();
    expect(await history()).toHaveLength(0);
    const next = skip.nextRun(name)!;
    expect(next.getTime()).toBeGreaterThan(Date.now());
    // 03:00 in Shanghai is 19:00 UTC.
    expect(next.getUTCHours()).toBe(19);
    await skip.stop();
    expect(skip.nextRun(name)).toBeUndefined();
  });
  it('tasks put and removed while running (the Task page): timers follow, run now goes through the lease', async () => {
    const ran: string[] = [];
    const a = new Scheduler(new LeaseStore(db, PREFIX), quiet, { holder: 'instance-a', now: () => clock.now });
    const b = new Scheduler(new LeaseStore(db, PREFIX), quiet, { holder: 'instance-b', now: () => clock.now });
    await Promise.all([a.start(), b.start()]);
    const task = (who: string): TaskDefinition => ({
      name,
      pattern: '0 9 * * *',
      timezone: 'Asia/Shanghai',
      timeoutMs: 5_000,
      missed: 'skip',
      run: async () => void ran.push(who),
    });
    await a.put(task('a'));
    expect(a.nextRun(name)).toBeInstanceOf(Date);
    // Replaced: still one timer, on the new pattern.
    await a.put({ ...task('a'), pattern: '0 10 * * *' });
    expect(a.nextRun(name)!.getUTCHours()).toBe(2);
    a.remove(name);
    expect(a.nextRun(name)).toBeUndefined();

    // Run now on both instances for the same second (b never defined it): one runs.
    const tick = Math.floor(clock.now / 1000) * 1000;
    const results = await Promise.all([a.runTask(task('a'), tick), b.runTask(task('b'), tick)]);
    expect(results.sort()).toEqual(['ran', 'skipped']);
    expect(ran).toHaveLength(1);
    expect((await history()).map((r) => r.status)).toEqual(['success']);
    await Promise.all([a.stop(), b.stop()]);
  });
});
