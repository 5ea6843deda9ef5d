/**
 * The schema store's cost (docs/benchmarks-log.md "Schema save"), on SQLite in one process:
 *  1. Saving a 300-field module whose change adds one field, through the whole pipeline
 *     (saveModule: parse, migrate, Ajv, cross-references against the app's tables and
 *     dictionaries, model, plan, lock, ALTER TABLE, head + version rows, bus publish) against its
 *     floor: Ajv validation of the same schema alone plus one ALTER TABLE ADD COLUMN on a table of
 *     the same width. Target ≤ 3x.
 *  2. Loading a module's table through the registry once it is cached (the path every common-API
 *     request takes; a miss reads the row and migrates it) against reading the same cache alone (an
 *     async Map lookup). Target ≤ 1.1x. The cold load (read + migrate + derive) is printed too.
 * Run: npx tsx bench/schema-save.bench.ts   (BENCH_SAVES=40, BENCH_LOADS=200000)
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import '../runtime/definitions';
import { validatePageIssues } from '../runtime/core/schema/issues';
import { saveModule } from '../server/modules/save';
import { startTestApp } from '../tests/helpers/app';

const SAVES = Number(process.env.BENCH_SAVES ?? 40);
const LOADS = Number(process.env.BENCH_LOADS ?? 200_000);
const WIDTH = 300;

const field = (i: number) => ({
  id: `f_w${i}`,
  key: `c${i}`,
  title: { zh: `字段${i}`, en: `Field ${i}` },
  type: 'input',
});

function page(count: number) {
  return {
    $schema: 'tessera://meta/page.schema.json',
    schemaVersion: 2,
    type: 'page',
    title: { zh: '宽表', en: 'Wide' },
    body: [
      {
        type: 'list',
        key: 'wides',
        title: { zh: '宽表', en: 'Wide' },
        table: 'wide',
        dataSource: { kind: 'COMMON', api: 'common/wide' },
        fields: Array.from({ length: count }, (_, i) => field(i)),
      },
    ],
  };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'tessera-schema-bench-'));
  const t = await startTestApp({ name: 'sqlite', url: `sqlite:${join(dir, 'bench.db')}`, drop: async () => undefined });
  try {
    const ctx = t.app.tessera;
    const user = await t.db.db
      .selectFrom(t.tables.user)
      .selectAll()
      .where('account', '=', 'admin')
      .where('app_id', '=', t.demoAppId)
      .executeTakeFirstOrThrow();
    const appRow = await t.db.db
      .selectFrom(t.tables.app)
      .selectAll()
      .where('id', '=', t.demoAppId)
      .executeTakeFirstOrThrow();
    const auth = { user, app: appRow, roles: [], isAdmin: true, session: {} } as never;
    const created = await saveModule(ctx, auth, { tableName: 'wide', schema: page(WIDTH) });

    // The floor's table: the same width, plain.
    let plain = t.db.db.schema.createTable('bench_plain').addColumn('id', 'varchar(32)', (c) => c.primaryKey());
    for (let i = 0; i < WIDTH; i++) plain = plain.addColumn(`c${i}`, 'varchar(255)');
    await plain.execute();

    const store: number[] = [];
    const floor: number[] = [];
    let version = created.version;
    for (let round = 0; round < SAVES; round++) {
      const count = WIDTH + round + 1;
      const schema = page(count);
      // Alternate the order so neither side always runs on a warmer process.
      const runStore = async () => {
        const started = process.hrtime.bigint();
        const saved = await saveModule(ctx, auth, { id: created.id, schema, baseVersion: version });
        store.push(Number(process.hrtime.bigint() - started) / 1e6);
        version = saved.version;
      };
      const runFloor = async () => {
        const started = process.hrtime.bigint();
        const issues = validatePageIssues(schema);
        if (issues.length) throw new Error('bench schema is invalid');
        await t.db.db.schema
          .alterTable('bench_plain')
          .addColumn(`c${count - 1}`, 'varchar(255)')
          .execute();
        floor.push(Number(process.hrtime.bigint() - started) / 1e6);
      };
      if (round % 2) {
        await runFloor();
        await runStore();
      } else {
        await runStore();
        await runFloor();
      }
    }
    // The first rounds warm Ajv's compiled validators and the statement caches.
    const warm = Math.min(5, Math.floor(SAVES / 4));
    const s = median(store.slice(warm));
    const f = median(floor.slice(warm));
    console.log(
      `save ${WIDTH}+1 fields: store ${s.toFixed(2)} ms, Ajv + ALTER ${f.toFixed(2)} ms, ratio ${(s / f).toFixed(2)}x (target ≤ 3x) ${s / f <= 3 ? 'MET' : 'MISSED'}`,
    );

    const app = { id: appRow.id as string, identify: appRow.identify as string };
    ctx.registry.invalidate(app.id);
    const coldStart = process.hrtime.bigint();
    const info = await ctx.registry.resolve(app, 'wide');
    const cold = Number(process.hrtime.bigint() - coldStart) / 1e6;
    const cache = new Map([['wide', info]]);
    const fromCache = async (name: string) => cache.get(name);
    const loop = async (load: (name: string) => Promise<unknown>) => {
      const started = process.hrtime.bigint();
      for (let i = 0; i < LOADS; i++) await load('wide');
      return Number(process.hrtime.bigint() - started) / LOADS;
    };
    const registryNs: number[] = [];
    const cacheNs: number[] = [];
    for (let round = 0; round < 8; round++) {
      // Alternate the order here too: the second loop of a round runs on a warmer, busier heap.
      if (round % 2) cacheNs.push(await loop(fromCache));
      registryNs.push(await loop((name) => ctx.registry.resolve(app, name)));
      if (!(round % 2)) cacheNs.push(await loop(fromCache));
    }
    const r = median(registryNs);
    const c = median(cacheNs);
    console.log(
      `load (cold: read + migrate + derive ${cold.toFixed(2)} ms); warm: registry ${r.toFixed(0)} ns, cache alone ${c.toFixed(0)} ns, ratio ${(r / c).toFixed(2)}x (target ≤ 1.1x) ${r / c <= 1.1 ? 'MET' : 'MISSED'}`,
    );
  } finally {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
