/**
 * The module table registry (server/modules/registry.ts), the lookup every common-API request
 * makes: a warm hit is the cached load itself, concurrent cold requests share one read, a missing
 * table is looked up again next time (a module created later is found), and an invalidation
 * during a load is not undone by that load finishing. On every database.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TableRegistry } from '../../server/modules/registry';
import { addModule } from '../bad-input/fixtures';
import { startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  const demo = () => ({ id: t.demoAppId, identify: 'demo' });
  /** A registry of its own per test, over the real database, counting its reads of module rows. */
  const fresh = () => {
    const registry = new TableRegistry(t.db, t.tables, t.app.tessera.config.tablePrefix);
    let reads = 0;
    const load = (registry as unknown as { load: (...args: unknown[]) => Promise<unknown> }).load.bind(registry);
    (registry as unknown as { load: unknown }).load = (...args: unknown[]) => {
      reads++;
      return load(...args);
    };
    return { registry, reads: () => reads };
  };

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    await addModule(t, 'gadget', { name: 'string' });
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  it('answers a warm lookup from the cached load and shares one read among concurrent cold ones', async () => {
    const { registry, reads } = fresh();
    const [a, b, c] = await Promise.all([1, 2, 3].map(() => registry.resolve(demo(), 'gadget')));
    expect(reads()).toBe(1);
    expect([...(a?.columns.keys() ?? [])]).toContain('name');
    expect(b).toBe(a);
    expect(c).toBe(a);
    const first = registry.resolve(demo(), 'gadget');
    expect(registry.resolve(demo(), 'gadget')).toBe(first);
    expect(await first).toBe(a);
    expect(reads()).toBe(1);
  });

  it('does not remember a missing table: a module created afterwards is found', async () => {
    const { registry } = fresh();
    expect(await registry.resolve(demo(), 'widget')).toBeUndefined();
    await addModule(t, 'widget', { label: 'string' });
    const info = await registry.resolve(demo(), 'widget');
    expect([...(info?.columns.keys() ?? [])]).toContain('label');
  });

  it('reads again after an invalidation, even one made while a read was in flight', async () => {
    const { registry, reads } = fresh();
    const inFlight = registry.resolve(demo(), 'gadget');
    registry.invalidate(t.demoAppId, 'gadget');
    await inFlight;
    await registry.resolve(demo(), 'gadget');
    expect(reads()).toBe(2);
    registry.invalidate(t.demoAppId);
    await registry.resolve(demo(), 'gadget');
    expect(reads()).toBe(3);
  });

  it('answers undefined for names that are not tables, without reading', async () => {
    const { registry, reads } = fresh();
    expect(await registry.resolve(demo(), 'no such; table')).toBeUndefined();
    expect(await registry.resolve(demo(), `${t.app.tessera.config.tablePrefix}nothing`)).toBeUndefined();
    expect(reads()).toBe(0);
  });
});
