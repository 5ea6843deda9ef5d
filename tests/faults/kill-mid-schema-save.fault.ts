/**
 * kill -9 of a server process in the middle of a module schema save (docs/reliability.md "kill -9
 * mid-schema-save"). A real server (server/main.ts) saves a module whose new version adds a column
 * and makes a field unique over 200,000 rows, so the table work takes a moment; the test watches
 * the database until that work is running — MariaDB's processlist shows the ALTER or CREATE INDEX,
 * PostgreSQL's pg_stat_activity the CREATE INDEX, SQLite's write-ahead log grows with the index's
 * pages — and sends SIGKILL then. MariaDB has committed the ALTER by then (DDL commits on its own);
 * PostgreSQL and SQLite roll the whole save back. A server restarted on the same database (which
 * undoes a journaled save that died, before it listens) has the old version, and the table's
 * columns are those of the old version: no extra column, no index, no journal row; the same save
 * then succeeds.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { schemaSyncJournalTable } from '../../server/db/migrations/0023-schema-sync-journal';
import { saveModule } from '../../server/modules/save';
import { adminAuthOf, startTestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';
import { startShellServer, type ShellServer } from '../helpers/shell-server';
import { activityWatcher, killWhileRunning, signInDemoAdmin } from './lib/kill-mid-work';

const ROWS = 200_000;
const BATCH = 2_000;
const TABLE = 'm_demo_bulk';
const JOURNAL = schemaSyncJournalTable('tessera_sys_');
const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));

function bulkPage(fields: { key: string; unique?: boolean }[]) {
  const schema = structuredClone(BASE);
  schema.title = { zh: '大表', en: 'Bulk' };
  const list = schema.body[0];
  list.table = 'bulk';
  list.dataSource = { kind: 'COMMON', api: 'common/bulk' };
  delete list.gantt;
  list.views = ['table'];
  list.fields = fields.map(({ key, unique }) => ({
    id: `f_bulk${key}`,
    key,
    title: { zh: key, en: key },
    type: 'input',
    ...(unique ? { unique: true } : {}),
  }));
  return schema;
}
const OLD = bulkPage([{ key: 'title' }, { key: 'amount' }]);
// The save under test: a new column, then a unique index over 200,000 titles.
const NEW = bulkPage([{ key: 'title', unique: true }, { key: 'amount' }, { key: 'memo' }]);

// The save's table work: MariaDB's ALTER or CREATE INDEX, PostgreSQL's CREATE INDEX, SQLite's log
// growing with the index's pages.
const SAVE_RUNNING = {
  postgres: `create unique index%"${TABLE}"%`,
  mysql: [`alter table \`${TABLE}\`%`, `create unique index%\`${TABLE}\`%`],
  walBytes: 256 * 1024,
};

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let server: ShellServer | undefined;
  let moduleId: string;
  let oldColumns: string[];
  const env = () => ({ DATABASE_URL: database.url, LOG_LEVEL: 'warn' });

  /** The module's head version, its stored field keys, the table's columns and journal rows. */
  async function state() {
    const seen = await startTestApp(database);
    try {
      const head = await seen.db.db
        .selectFrom(seen.tables.module)
        .select(['version', 'schema'])
        .where('id', '=', moduleId)
        .executeTakeFirstOrThrow();
      const table = (await seen.db.db.introspection.getTables()).find((x) => x.name === TABLE)!;
      const journal = await seen.db.db.selectFrom(JOURNAL).selectAll().execute();
      const versions = await seen.db.db
        .selectFrom(seen.tables.module_version)
        .select('version')
        .where('module_id', '=', moduleId)
        .execute();
      return {
        version: Number(head.version),
        versions: versions.length,
        keys: (JSON.parse(String(head.schema)).body[0].fields as { key: string }[]).map((f) => f.key),
        columns: table.columns.map((c) => c.name.toLowerCase()).sort(),
        journal: journal.length,
      };
    } finally {
      await seen.close();
    }
  }

  beforeAll(async () => {
    database = await makeDatabase();
    const seeded = await startTestApp(database);
    try {
      moduleId = (await saveModule(seeded.app.tessera, await adminAuthOf(seeded), { tableName: 'bulk', schema: OLD }))
        .id;
      const now = Date.now();
      for (let from = 0; from < ROWS; from += BATCH) {
        const rows = [];
        for (let i = from; i < from + BATCH; i++)
          rows.push({
            id: `b${i}`,
            app_id: seeded.demoAppId,
            create_at: now,
            update_at: now,
            is_deleted: 0,
            title: `第${i}行`,
            amount: String(i),
          });
        await seeded.db.db.insertInto(TABLE).values(rows).execute();
      }
    } finally {
      await seeded.close();
    }
    oldColumns = (await state()).columns;
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  const save = (origin: string, token: string) =>
    fetch(`${origin}/api/module/${moduleId}`, {
      method: 'PUT',
      headers: { authorization: token, 'content-type': 'application/json', 'x-lang': 'en' },
      body: JSON.stringify({ schema: NEW, base_version: 1 }),
    });

  it('leaves the old version with its own columns, and the restarted server takes the same save', async () => {
    expect(oldColumns).not.toContain('memo');
    server = await startShellServer(env());
    const token = await signInDemoAdmin(server.origin);
    const reply = await killWhileRunning(
      server,
      activityWatcher(database, SAVE_RUNNING),
      () => save(server!.origin, token),
      'the table sync was',
    );
    expect(reply.status).toBe(0);
    await server.stop();

    // Before any restart: PostgreSQL and SQLite rolled the save back; MariaDB committed what its DDL
    // did so far, and the journal row written before the first ALTER says how to undo it.
    const killed = await state();
    expect(killed).toMatchObject({ version: 1, versions: 1, keys: ['title', 'amount'] });
    if (database.name === 'mysql') expect(killed.journal).toBe(1);
    else expect(killed).toMatchObject({ columns: oldColumns, journal: 0 });
    console.log(
      `[${database.name}] after the kill: columns ${killed.columns.join(', ')}; journal rows ${killed.journal}`,
    );

    // Restarted on the same database: it undoes a journaled save before it listens.
    server = await startShellServer(env());
    const after = await state();
    expect(after).toEqual({ version: 1, versions: 1, keys: ['title', 'amount'], columns: oldColumns, journal: 0 });
    if (database.name === 'mysql') expect(server.logs()).toContain('schema save died midway');

    const again = await save(server.origin, await signInDemoAdmin(server.origin));
    const answer = await again.json();
    expect(answer.code, answer.message).toBe(ResultCode.SUCCESS);
    expect(answer.data.version).toBe(2);
    const saved = await state();
    expect(saved).toMatchObject({ version: 2, versions: 2, keys: ['title', 'amount', 'memo'], journal: 0 });
    expect(saved.columns).toContain('memo');
  }, 240_000);
});
