/**
 * First-start seeding of app templates: schemas/apps/<dir>/app.json (the app, roles, users, menus
 * and dictionaries; meta-schema schemas/meta/app-template.schema.json), modules/*.json (page
 * schemas), dashboards/*.json (dashboard page schemas, opened by type-3 menus) and
 * records/<table>.json (sample rows). The code knows no template by name. An app is
 * seeded once: if its identifier exists, nothing of it is touched again (an admin may have
 * changed or deleted seeded rows on purpose). Module tables are synced first (idempotent DDL);
 * all rows then go in one transaction, so a failed seed leaves no half app and the next start
 * tries again.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Kysely } from 'kysely';
import { sm2 } from 'sm-crypto-v2';
import { textOf, type PageSchema } from '../../protocol/page-schema';
import { hashPassword } from '../auth/passwords';
import { writableValues } from '../common/values';
import { listNodeOf, moduleFields, moduleTableName } from '../modules/columns';
import { moduleTableInfo } from '../modules/registry';
import { syncModuleTable } from '../modules/table-sync';
import type { Db } from '../db/create-db';
import { newId, newQrKey } from '../db/ids';
import { insertAudit, tableNames, type TableNames } from '../db/tables';
import { schemaHash } from '../schema-store/hash';
import { deriveModel } from '../schema-store/model';

export const APPS_DIR = 'schemas/apps';
const APP_IDENTIFY = /^[a-z][a-z0-9_]{0,30}$/;

/** app.json, as its meta-schema describes it. */
export interface AppTemplate {
  app: Record<string, unknown> & { identify: string; encrypt?: boolean };
  roles?: { key: string; name: string; identify: string; level?: number; menus: '*' | string[] }[];
  users?: { account: string; password: string; mobile?: string; name?: string; roles: string[] }[];
  menus?: {
    key: string;
    parent?: string;
    title: string;
    icon?: string;
    type: number;
    sort?: number;
    module?: string;
    dashboard?: string;
    path?: string;
    url?: string;
  }[];
  /** label is Chinese; label_en, when given, is what a reader in English sees. */
  dicts?: Record<string, { value: string; label: string; label_en?: string; tag?: string }[]>;
  /** Title of each dictionary (its type row, migration 0012); a code without one is titled by itself. */
  dictTypes?: Record<string, { title: string; title_en?: string }>;
}

interface Template extends Required<AppTemplate> {
  dir: string;
  modules: { key: string; schema: PageSchema; table: string }[];
  dashboards: { key: string; schema: PageSchema }[];
}

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The .json files of a template's sub-folder, sorted (none when the folder is absent). */
const jsonFiles = (dir: string): string[] =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.json'))
        .sort()
    : [];

function loadTemplate(dir: string): Template {
  const { $schema: _schema, ...template } = readJson<AppTemplate & { $schema?: string }>(join(dir, 'app.json'));
  if (typeof template.app?.identify !== 'string' || !APP_IDENTIFY.test(template.app.identify)) {
    throw new Error(`${dir}/app.json: app.identify must be a lower-case identifier`);
  }
  const moduleDir = join(dir, 'modules');
  const modules = jsonFiles(moduleDir).map((file) => {
    const schema = readJson<PageSchema>(join(moduleDir, file));
    const table = listNodeOf(schema).table;
    if (typeof table !== 'string') throw new Error(`${moduleDir}/${file}: the list node has no "table"`);
    return { key: basename(file, '.json'), schema, table };
  });
  const dashboardDir = join(dir, 'dashboards');
  const dashboards = jsonFiles(dashboardDir).map((file) => ({
    key: basename(file, '.json'),
    schema: readJson<PageSchema>(join(dashboardDir, file)),
  }));
  return { roles: [], users: [], menus: [], dicts: {}, dictTypes: {}, ...template, dir, modules, dashboards };
}

function recordsOf(tpl: Template, table: string): unknown[] {
  const file = join(tpl.dir, 'records', `${table}.json`);
  return existsSync(file) ? readJson<{ rows: unknown[] }>(file).rows : [];
}

/** The id of a key the template refers to; a typo in a template is an error, not a silent gap. */
function idOf(ids: Map<string, string>, key: string, what: string): string {
  const id = ids.get(key);
  if (!id) throw new Error(`app template: unknown ${what} "${key}"`);
  return id;
}

const jsonText = (value: unknown) => (value === undefined || value === null ? null : JSON.stringify(value));

async function insertRows(trx: Kysely<any>, t: TableNames, tpl: Template, appId: string, now: number): Promise<void> {
  const audit = insertAudit(null, now);
  const keys = sm2.generateKeyPairHex();
  const { identify, encrypt, ai_config, upload_config, ...info } = tpl.app;
  await trx
    .insertInto(t.app)
    .values({
      ...info,
      ...audit,
      id: appId,
      app_id: appId,
      identify,
      ai_config: jsonText(ai_config),
      upload_config: jsonText(upload_config),
      public_key: keys.publicKey,
      private_key: keys.privateKey,
      qr_key: newQrKey(),
      encrypt: encrypt === false ? 0 : 1,
    })
    .execute();

  const moduleIds = new Map<string, string>();
  for (const mod of tpl.modules) {
    const id = newId();
    moduleIds.set(mod.key, id);
    const schema = JSON.stringify(mod.schema);
    const title = textOf(mod.schema.title, 'zh') || mod.key;
    await trx
      .insertInto(t.module)
      .values({ id, app_id: appId, ...audit, title, table_name: mod.table, schema })
      .execute();
    await trx
      .insertInto(t.module_version)
      .values({
        id: newId(),
        app_id: appId,
        ...audit,
        module_id: id,
        kind: 'module',
        version: 1,
        hash: schemaHash(mod.schema),
        provenance: 'file',
        model: JSON.stringify(deriveModel(mod.schema, mod.table)),
        schema,
        author: null,
        created_at: now,
        ai_generated: 0,
      })
      .execute();
  }

  const dashboardIds = new Map<string, string>();
  for (const dashboard of tpl.dashboards) {
    const id = newId();
    dashboardIds.set(dashboard.key, id);
    const { $schema: _meta, ...schema } = dashboard.schema as PageSchema & { $schema?: string };
    await trx
      .insertInto(t.dashboard)
      .values({
        id,
        app_id: appId,
        ...audit,
        title: textOf(schema.title, 'zh') || dashboard.key,
        schema: JSON.stringify(schema),
      })
      .execute();
  }

  const menuIds = new Map(tpl.menus.map((m) => [m.key, newId()]));
  for (const menu of tpl.menus) {
    await trx
      .insertInto(t.menu)
      .values({
        id: menuIds.get(menu.key),
        app_id: appId,
        ...audit,
        title: menu.title,
        icon: menu.icon ?? null,
        module_id: menu.module ? idOf(moduleIds, menu.module, 'module') : null,
        dashboard_id: menu.dashboard ? idOf(dashboardIds, menu.dashboard, 'dashboard') : null,
        parent_id: menu.parent ? idOf(menuIds, menu.parent, 'menu') : null,
        path: menu.path ?? null,
        url: menu.url ?? null,
        type: menu.type,
        sort: menu.sort ?? 0,
      })
      .execute();
  }

  const roleIds = new Map(tpl.roles.map((r) => [r.key, newId()]));
  for (const role of tpl.roles) {
    const menus = role.menus === '*' ? [...menuIds.values()] : role.menus.map((key) => idOf(menuIds, key, 'menu'));
    await trx
      .insertInto(t.role)
      .values({
        id: roleIds.get(role.key),
        app_id: appId,
        ...audit,
        name: role.name,
        identify: role.identify,
        level: role.level ?? 0,
        menu_ids: menus.join(','),
      })
      .execute();
  }

  let firstUser: string | null = null;
  for (const user of tpl.users) {
    const id = newId();
    firstUser ??= id;
    await trx
      .insertInto(t.user)
      .values({
        id,
        app_id: appId,
        ...audit,
        account: user.account,
        mobile: user.mobile ?? null,
        name: user.name ?? user.account,
        password_hash: await hashPassword(user.password),
        role_ids: user.roles.map((key) => idOf(roleIds, key, 'role')).join(','),
        status: 1,
      })
      .execute();
  }

  for (const code of new Set([...Object.keys(tpl.dictTypes), ...Object.keys(tpl.dicts)])) {
    const type = tpl.dictTypes[code];
    await trx
      .insertInto(t.dict_type)
      .values({
        id: newId(),
        app_id: appId,
        ...audit,
        code,
        title: type?.title ?? code,
        title_en: type?.title_en ?? null,
        status: 1,
      })
      .execute();
  }
  for (const [code, items] of Object.entries(tpl.dicts)) {
    for (const [index, item] of items.entries()) {
      await trx
        .insertInto(t.dict)
        .values({
          id: newId(),
          app_id: appId,
          ...audit,
          dict_code: code,
          label: item.label,
          label_en: item.label_en ?? null,
          value: item.value,
          tag: item.tag ?? null,
          enabled: 1,
          sort: index + 1,
        })
        .execute();
    }
  }

  // Sample records, oldest last so that the default sort (create_at desc) shows them in file order.
  for (const mod of tpl.modules) {
    const rows = recordsOf(tpl, mod.table);
    const info = moduleTableInfo({ id: appId, identify }, mod.table, mod.schema);
    for (const [index, record] of rows.entries()) {
      const values = writableValues(info, record, 'create');
      await trx
        .insertInto(info.physical)
        .values({ ...values, id: newId(), app_id: appId, ...insertAudit(firstUser, now - index * 60_000) })
        .execute();
    }
  }
}

/** Seeds one template unless its app exists; answers the identifier when it seeded, else null. */
export async function seedApp(db: Db, prefix: string, dir: string, now = Date.now()): Promise<string | null> {
  const tpl = loadTemplate(dir);
  const t = tableNames(prefix);
  const existing = await db.db
    .selectFrom(t.app)
    .select('id')
    .where('identify', '=', tpl.app.identify)
    .executeTakeFirst();
  if (existing) return null;
  for (const mod of tpl.modules) {
    await syncModuleTable(
      db,
      moduleTableName(tpl.app.identify, mod.table),
      moduleFields(mod.schema, mod.table).columns,
    );
  }
  const appId = newId();
  try {
    await db.db.transaction().execute((trx) => insertRows(trx, t, tpl, appId, now));
  } catch (error) {
    // Another instance seeding the same app at the same moment won the unique identifier.
    if (db.spec.classifyError(error)?.kind === 'duplicate') return null;
    throw error;
  }
  return tpl.app.identify;
}

/** Seeds every template under `appsDir`; returns the identifiers seeded now. */
export async function seedApps(db: Db, prefix: string, appsDir = APPS_DIR, now = Date.now()): Promise<string[]> {
  if (!existsSync(appsDir)) return [];
  const seeded: string[] = [];
  const dirs = readdirSync(appsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(appsDir, entry.name, 'app.json')))
    .map((entry) => join(appsDir, entry.name))
    .sort();
  for (const dir of dirs) {
    const identify = await seedApp(db, prefix, dir, now);
    if (identify) seeded.push(identify);
  }
  return seeded;
}
