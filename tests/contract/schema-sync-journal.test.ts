/**
 * The schema-sync journal (server/schema-store/journal.ts, docs/reliability.md "kill -9
 * mid-schema-save"), on every database: on MySQL a save keeps the inverses of its table changes in
 * a journal row, committed before each change and deleted with the version row (SQLite and
 * PostgreSQL never need one: the save is one transaction); a row left behind by a save that died —
 * planted here by hand, with the table changes it describes and one that never ran — is undone
 * when a server starts, and by the next save of that module, leaving the old schema and table in
 * agreement; a save failing in a live process compensates and removes its row; on MySQL a row
 * whose save still holds its lock is left alone.
 */
import { readFileSync } from 'node:fs';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { schemaSyncJournalTable } from '../../server/db/migrations/0023-schema-sync-journal';
import { newId } from '../../server/db/ids';
import { saveModule } from '../../server/modules/save';
import { recoverSchemaSyncs } from '../../server/schema-store/journal';
import { schemaLockName } from '../../server/schema-store/lock';
import { adminAuthOf, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));
const PREFIX = 'tessera_sys_';
const JOURNAL = schemaSyncJournalTable(PREFIX);
const PHYSICAL = 'm_demo_ledger';

const field = (key: string) => ({ id: `f_ledger${key}`, key, title: { zh: key, en: key }, type: 'input' });

function ledgerPage(keys: string[]) {
  const schema = structuredClone(BASE);
  schema.title = { zh: '台账', en: 'Ledger' };
  const list = schema.body[0];
  list.table = 'ledger';
  list.dataSource = { kind: 'COMMON', api: 'common/ledger' };
  delete list.gantt;
  list.views = ['table'];
  list.fields = keys.map(field);
  return schema;
}

forEachDatabase((name, makeDatabase) => {
  let database: TestDatabase;
  let t: TestApp;
  let admin: string;
  let moduleId: string;
  let version: number;

  beforeAll(async () => {
    database = await makeDatabase();
    t = await startTestApp(database);
    admin = await t.signIn();
    const saved = await saveModule(t.app.tessera, await adminAuthOf(t), {
      tableName: 'ledger',
      schema: ledgerPage(['title', 'amount']),
    });
    moduleId = saved.id;
    version = saved.version;
    const created = await t.request({
      method: 'POST',
      url: '/api/common/ledger',
      token: admin,
      body: { title: '甲', amount: '12' },
    });
    expect(created.body.code, created.body.message).toBe(ResultCode.SUCCESS);
  });
  afterAll(async () => {
    await t?.close();
    await database?.drop();
  });

  const columnsOf = async () =>
    (await t.db.db.introspection.getTables())
      .find((x) => x.name === PHYSICAL)!
      .columns.map((c) => c.name.toLowerCase())
      .sort();
  const journalRows = () => t.db.db.selectFrom(JOURNAL).selectAll().execute();
  const list = () => t.request({ url: '/api/common/ledger', token: admin });

  /** What a save killed midway leaves: a committed column, a committed rename, and its journal row. */
  async function plantDeadSave(lockKey = `m_${moduleId}`) {
    await t.db.db.schema.alterTable(PHYSICAL).addColumn('ghost', 'varchar(255)').execute();
    await t.db.db.schema.alterTable(PHYSICAL).renameColumn('amount', 'zr9_amount').execute();
    const steps = [
      { op: 'rename', from: 'zr9_amount', to: 'amount' },
      { op: 'dropColumn', column: 'ghost' },
      // Journaled before its ALTER, which the kill prevented: nothing to undo.
      { op: 'dropColumn', column: 'never_added' },
    ];
    await t.db.db
      .insertInto(JOURNAL)
      .values({
        id: newId(),
        app_id: t.demoAppId,
        module_id: moduleId,
        lock_key: lockKey,
        table_name: PHYSICAL,
        steps: JSON.stringify(steps),
        created_at: Date.now(),
      })
      .execute();
  }

  it(
    name === 'mysql'
      ? 'keeps the inverses of a save’s table changes in a committed journal row until the version row commits'
      : 'a save needs no journal row here (DDL is transactional) and leaves none',
    async () => {
      let during: { steps: string }[] = [];
      const saved = await saveModule(
        t.app.tessera,
        await adminAuthOf(t),
        { id: moduleId, schema: ledgerPage(['title', 'amount', 'memo']), baseVersion: version },
        {
          // Another connection sees only what is committed. (SQLite has one connection: nothing to see.)
          beforeCommit: async () => {
            if (name !== 'sqlite') during = await t.db.db.selectFrom(JOURNAL).select('steps').execute();
          },
        },
      );
      version = saved.version;
      if (name === 'mysql') {
        expect(during).toHaveLength(1);
        expect(JSON.parse(during[0]!.steps)).toEqual([{ op: 'dropColumn', column: 'memo' }]);
      } else {
        expect(during).toEqual([]);
      }
      expect(await journalRows()).toEqual([]);
      expect(await columnsOf()).toContain('memo');
    },
  );

  it('a save that fails midway in a live process undoes its changes itself and leaves no journal row', async () => {
    const before = await columnsOf();
    await expect(
      saveModule(
        t.app.tessera,
        await adminAuthOf(t),
        { id: moduleId, schema: ledgerPage(['title', 'amount', 'memo', 'extra']), baseVersion: version },
        { beforeCommit: () => Promise.reject(new Error('injected')) },
      ),
    ).rejects.toMatchObject({ code: ResultCode.DATA_ERROR });
    expect(await columnsOf()).toEqual(before);
    expect(await journalRows()).toEqual([]);
  });

  it('undoes a save that died midway when a server starts: old schema and table agree, no row left', async () => {
    const before = await columnsOf();
    await plantDeadSave();
    expect((await list()).body.code).not.toBe(ResultCode.SUCCESS);
    const recovered = await recoverSchemaSyncs(t.db, PREFIX);
    expect(recovered).toHaveLength(1);
    expect(recovered[0]).toMatchObject({ moduleId, table: PHYSICAL });
    expect(await columnsOf()).toEqual(before);
    expect(await journalRows()).toEqual([]);
    t.app.tessera.registry.invalidate(t.demoAppId, 'ledger');
    const rows = await list();
    expect(rows.body.code, rows.body.message).toBe(ResultCode.SUCCESS);
    expect(rows.body.data.list[0]).toMatchObject({ title: '甲', amount: '12' });
    // Run again: nothing left to do.
    expect(await recoverSchemaSyncs(t.db, PREFIX)).toEqual([]);
  });

  it('undoes it at the start of the next save of that module, which then succeeds', async () => {
    const before = await columnsOf();
    await plantDeadSave();
    const saved = await saveModule(t.app.tessera, await adminAuthOf(t), {
      id: moduleId,
      schema: ledgerPage(['title', 'amount', 'memo', 'note']),
      baseVersion: version,
    });
    version = saved.version;
    expect(saved.diff.columnsAdded).toEqual(['note']);
    expect(await columnsOf()).toEqual([...before, 'note'].sort());
    expect(await journalRows()).toEqual([]);
    const rows = await list();
    expect(rows.body.code, rows.body.message).toBe(ResultCode.SUCCESS);
    expect(rows.body.data.list[0]).toMatchObject({ title: '甲', amount: '12' });
  });

  if (name === 'mysql') {
    it('leaves the row of a save that is still running (its lock held on another connection) alone', async () => {
      const before = await columnsOf();
      await plantDeadSave();
      const holder = await createConnection({ uri: database.url });
      try {
        await holder.query('select get_lock(?, 0)', [schemaLockName(`m_${moduleId}`)]);
        expect(await recoverSchemaSyncs(t.db, PREFIX, { waitSeconds: 0 })).toEqual([]);
        expect(await journalRows()).toHaveLength(1);
      } finally {
        await holder.end(); // The holder's connection closes: the lock is free, as after a kill.
      }
      expect(await recoverSchemaSyncs(t.db, PREFIX)).toHaveLength(1);
      expect(await columnsOf()).toEqual(before);
      expect(await journalRows()).toEqual([]);
    });
  }
});
