// @vitest-environment happy-dom
/**
 * Data the product seeds passes its own validation (issue 22, item 2): the demo template is seeded
 * into a fresh database, and every stored row of the app, its menus, roles, users, departments and
 * customers is put into the form its page schema compiles to — the runtime's own rules (required,
 * patterns, the per-widget character checks) — and submitted. A seeded record an admin cannot save
 * unchanged (the demo app, whose name holds a space) fails here.
 */
import '../dom-setup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup } from '@testing-library/react';
import { readFileSync } from 'node:fs';
import type { FieldDefinition, PageSchema, SchemaNode } from '../../protocol/page-schema';
import { createDb, type Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedApps } from '../../server/seed';
import { tableNames } from '../../server/db/tables';
import { moduleTableName } from '../../server/modules/columns';
import { renderForm, submitForm } from '../../runtime/react/widget-helpers/testing';
import { forEachDatabase, type TestDatabase } from '../helpers/databases';

const PREFIX = 'tessera_sys_';
const t = tableNames(PREFIX);

/** The fields of every list and form node of a page schema file. */
function fieldsOf(file: string): FieldDefinition[] {
  const page = JSON.parse(readFileSync(file, 'utf8')) as PageSchema;
  const found: FieldDefinition[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (Array.isArray(record.fields) && (record.type === 'list' || record.type === 'form'))
      found.push(...(record.fields as FieldDefinition[]));
    Object.values(record).forEach(walk);
  };
  walk(page.body);
  return found;
}

/** The errors the record's form reports on submit (none expected), field key → messages. */
async function errorsOf(fields: FieldDefinition[], row: Record<string, unknown>) {
  const values: Record<string, unknown> = { ...row };
  const { form } = renderForm(fields as SchemaNode[], { initialValues: values });
  const result = await submitForm(form);
  cleanup();
  document.body.innerHTML = '';
  return result.errors ?? {};
}

const SCHEMAS: [table: string, files: string[]][] = [
  [t.app, ['schemas/pages/system/app.json', 'schemas/pages/system/app-detail.json']],
  [t.menu, ['schemas/pages/system/menu.json']],
  [t.role, ['schemas/pages/system/role.json']],
  [t.user, ['schemas/pages/system/user.json']],
  [t.dept, ['schemas/pages/system/dept.json']],
  [moduleTableName('demo', 'customer'), ['schemas/apps/demo/modules/customer.json']],
];

forEachDatabase((_name, makeDatabase) => {
  let database: TestDatabase;
  let db: Db;

  beforeAll(async () => {
    database = await makeDatabase();
    db = createDb(database.url);
    await migrateToLatest(db, PREFIX);
    await seedApps(db, PREFIX, 'schemas/apps');
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  describe('every seeded record passes the validation of its own schema', () => {
    for (const [table, files] of SCHEMAS) {
      for (const file of files) {
        it(`${table} rows in ${file}`, async () => {
          const rows = (await db.db.selectFrom(table).selectAll().execute()) as Record<string, unknown>[];
          if (table !== t.dept) expect(rows.length).toBeGreaterThan(0);
          const fields = fieldsOf(file);
          const failures: string[] = [];
          for (const row of rows) {
            const errors = await errorsOf(fields, row);
            if (Object.keys(errors).length) failures.push(`${String(row.id)}: ${JSON.stringify(errors)}`);
          }
          expect(failures).toEqual([]);
          // One form rendered per row (50 customers): more than the default 30 s on a busy machine.
        }, 180_000);
      }
    }
  });
});
