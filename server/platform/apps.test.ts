/** The app cache: invalidate(id) drops the row at once, and a read racing a change is not kept. */
import type { Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppStore, type AppRow } from './apps';

/** A stand-in for the one query AppStore makes: each call waits for the test to answer it. */
function fakeDb() {
  const pending: ((row: Partial<AppRow>) => void)[] = [];
  let calls = 0;
  const query = {
    selectAll: () => query,
    where: () => query,
    executeTakeFirst: () => {
      calls += 1;
      return new Promise<Partial<AppRow>>((resolve) => pending.push(resolve));
    },
  };
  const db = { selectFrom: () => query } as unknown as Kysely<any>;
  return { db, answer: (row: Partial<AppRow>) => pending.shift()!(row), calls: () => calls };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('AppStore', () => {
  it('serves from the cache until invalidate(id), then reads again', async () => {
    const fake = fakeDb();
    const store = new AppStore(fake.db, 'app', () => 0);
    const first = store.findById('a1');
    await flush();
    fake.answer({ id: 'a1', title: 'old' });
    expect((await first)?.title).toBe('old');
    expect((await store.findById('a1'))?.title).toBe('old');
    expect(fake.calls()).toBe(1);
    store.invalidate('a1');
    const again = store.findById('a1');
    await flush();
    fake.answer({ id: 'a1', title: 'new' });
    expect((await again)?.title).toBe('new');
    expect(fake.calls()).toBe(2);
  });

  it('does not keep a row read before an invalidation that happened while it loaded', async () => {
    const fake = fakeDb();
    const store = new AppStore(fake.db, 'app', () => 0);
    const racing = store.findByIdentify('demo');
    await flush();
    store.invalidate('a1'); // the change committed while the read was in flight
    fake.answer({ id: 'a1', identify: 'demo', title: 'before the change' });
    expect((await racing)?.title).toBe('before the change');
    const next = store.findById('a1');
    await flush();
    expect(fake.calls()).toBe(2);
    fake.answer({ id: 'a1', identify: 'demo', title: 'after' });
    expect((await next)?.title).toBe('after');
  });
});
