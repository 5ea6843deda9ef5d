/**
 * Two server instances on one database save the same module in turn. Each instance remembers the
 * model of its own last save (server/schema-store/module-save.ts) to skip re-reading it; a save
 * based on a version another instance wrote must read that version's model from the database, or
 * a rename made there would be planned again (or a field read as removed). On every database.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { saveModule } from '../../server/modules/save';
import { adminAuthOf, startTestApp, type TestApp } from '../helpers/app';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const BASE = JSON.parse(readFileSync('schemas/apps/demo/modules/customer.json', 'utf8'));

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  let moduleId: string;

  beforeAll(async () => {
    database = await makeDatabase();
    first = await startTestApp(database);
    second = await startTestApp(database);
    const row = await first.db.db
      .selectFrom(first.tables.module)
      .select('id')
      .where('table_name', '=', 'customer')
      .executeTakeFirstOrThrow();
    moduleId = row.id as string;
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('plans from the version the other instance saved, not from what this one saved before', async () => {
    const schema = structuredClone(BASE);
    const list = schema.body[0];
    list.fields.push({ id: 'f_note_x', key: 'note_x', title: { zh: '备注X', en: 'Note X' }, type: 'input' });
    const mine = await saveModule(first.app.tessera, await adminAuthOf(first), { id: moduleId, schema });

    // The other instance renames that field's key.
    list.fields.at(-1).key = 'note_y';
    const theirs = await saveModule(second.app.tessera, await adminAuthOf(second), {
      id: moduleId,
      schema,
      baseVersion: mine.version,
    });
    expect(theirs.plan).toEqual([expect.objectContaining({ op: 'renameColumn', from: 'note_x', to: 'note_y' })]);

    // Back on the first instance: a save based on their version only adds a field.
    list.fields.push({ id: 'f_note_z', key: 'note_z', title: { zh: '备注Z', en: 'Note Z' }, type: 'input' });
    const next = await saveModule(first.app.tessera, await adminAuthOf(first), {
      id: moduleId,
      schema,
      baseVersion: theirs.version,
    });
    expect(next.plan).toEqual([expect.objectContaining({ op: 'addColumn', column: 'note_z' })]);
    expect(next.diff).toMatchObject({ fieldsAdded: ['note_z'], fieldsRemoved: [], fieldsChanged: [] });

    // And a save right after its own (the remembered model) plans from it correctly too.
    list.fields.at(-1).title = { zh: '备注Z2', en: 'Note Z2' };
    const again = await saveModule(first.app.tessera, await adminAuthOf(first), {
      id: moduleId,
      schema,
      baseVersion: next.version,
    });
    expect(again.plan).toEqual([]);
    expect(again.diff).toMatchObject({ fieldsAdded: [], fieldsRemoved: [], fieldsChanged: ['note_z'] });
  });
});
