/**
 * Extra module tables for the list and bad-input suites: a module row plus its physical table,
 * as the module API would leave them (the registry reads the stored schema on first use).
 */
import { newId } from '../../server/db/ids';
import { insertAudit } from '../../server/db/tables';
import { moduleFields, moduleTableName } from '../../server/modules/columns';
import { syncModuleTable } from '../../server/modules/table-sync';
import type { TestApp } from '../helpers/app';

export type FieldType = 'string' | 'text' | 'integer' | 'long' | 'double' | 'boolean' | 'time';

export async function addModule(
  t: TestApp,
  table: string,
  /** A column type (an input field of that dataType), or a field definition without its key. */
  fields: Record<string, FieldType | Record<string, unknown>>,
  app: { id: string; identify: string } = { id: t.demoAppId, identify: 'demo' },
  grant = true,
): Promise<string> {
  const schema = {
    type: 'page',
    body: [
      {
        type: 'list',
        key: table,
        table,
        fields: Object.entries(fields).map(([key, spec]) =>
          typeof spec === 'string' ? { key, title: key, type: 'input', dataType: spec } : { key, title: key, ...spec },
        ),
      },
    ],
  };
  const physical = moduleTableName(app.identify, table);
  await syncModuleTable(t.db, physical, moduleFields(schema as never, table).columns);
  const moduleId = newId();
  await t.db.db
    .insertInto(t.tables.module)
    .values({
      id: moduleId,
      app_id: app.id,
      ...insertAudit(null, t.clock.now),
      title: table,
      table_name: table,
      schema: JSON.stringify(schema),
    })
    .execute();
  if (!grant) return physical;
  // A menu entry for it, granted to every role of the app (the guard allows granted modules only).
  const menuId = newId();
  await t.db.db
    .insertInto(t.tables.menu)
    .values({
      id: menuId,
      app_id: app.id,
      ...insertAudit(null, t.clock.now),
      title: table,
      module_id: moduleId,
      type: 1,
      sort: 99,
    })
    .execute();
  const roles = await t.db.db
    .selectFrom(t.tables.role)
    .select(['id', 'menu_ids'])
    .where('app_id', '=', app.id)
    .execute();
  for (const role of roles) {
    const ids = [role.menu_ids, menuId].filter(Boolean).join(',');
    await t.db.db.updateTable(t.tables.role).set({ menu_ids: ids }).where('id', '=', role.id).execute();
  }
  return physical;
}

/** POSTs records one by one through the API (so create_by is the token's user); returns their ids. */
export async function createRows(
  t: TestApp,
  token: string,
  table: string,
  rows: Record<string, unknown>[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const row of rows) {
    t.clock.now += 1;
    const reply = await t.request({ method: 'POST', url: `/api/common/${table}`, body: row, token });
    if (reply.body.code !== '200') throw new Error(`create ${table} failed: ${JSON.stringify(reply.body)}`);
    ids.push(reply.body.data.id);
  }
  return ids;
}
