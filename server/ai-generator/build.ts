/**
 * Builds a checked plan into a new app: the app, its dictionaries, its first user (the requester's
 * mobile, the generated password, hashed), its modules through the schema store's save pipeline
 * (versions with provenance "ai"), menus, roles and sample rows. All or nothing: the store's saves
 * each commit on their own (and on MySQL every DDL commits), so instead of one transaction the build
 * compensates — any failure, at any step, deletes every row of the new app from every system table
 * and drops its module tables, before the error goes on. The app's identifier is unique in the app
 * table, so a failed build cannot have touched another app.
 */
import { sql, type Kysely } from 'kysely';
import { sm2 } from 'sm-crypto-v2';
import type { RequestAuth } from '../auth/session-hook';
import { hashPassword } from '../auth/passwords';
import type { ServerContext } from '../context';
import { newId, newQrKey } from '../db/ids';
import { insertAudit, type SystemTable } from '../db/tables';
import { writableValues } from '../common/values';
import { moduleTableName } from '../modules/columns';
import { saveModule } from '../schema-store/module-save';
import type { AppPlan } from './plan-schema';
import type { CheckedModule } from './plan-check';

export type Progress = (key: string, vars?: Record<string, unknown>) => Promise<void>;

export interface BuildInput {
  plan: AppPlan;
  modules: CheckedModule[];
  identify: string;
  mobile: string;
  password: string;
  encrypt: boolean;
  prompt: string;
}

/** The platform's own pages an admin of a generated app gets (to edit what was generated). */
const SYSTEM_MENUS = [
  { title: '用户管理', path: '/user', icon: 'UserOutlined' },
  { title: '角色管理', path: '/role', icon: 'SafetyOutlined' },
  { title: '菜单管理', path: '/menu', icon: 'MenuOutlined' },
  { title: '模块管理', path: '/module', icon: 'DatabaseOutlined' },
];

/** Every system table a build writes (and the store's saves: module, module_version). */
const WRITTEN_TABLES: SystemTable[] = [
  'user',
  'role',
  'menu',
  'dict',
  'dict_type',
  'module',
  'module_version',
  'audit_log',
];

/** Deletes everything of `appId` (and drops its module tables): the compensation of a failed build. */
export async function removeApp(ctx: ServerContext, appId: string, identify: string, tables: string[]): Promise<void> {
  for (const table of tables)
    await sql`drop table if exists ${sql.table(moduleTableName(identify, table))}`
      .execute(ctx.db.db)
      .catch(() => undefined);
  await ctx.db.db.transaction().execute(async (trx) => {
    for (const name of WRITTEN_TABLES) await trx.deleteFrom(ctx.tables[name]).where('app_id', '=', appId).execute();
    await trx.deleteFrom(ctx.tables.app).where('id', '=', appId).execute();
    // Sessions of the new app's user cannot exist yet, but a build is undone whole: sign-ins too.
    await trx.deleteFrom(ctx.tables.session).where('app_id', '=', appId).execute();
  });
  for (const table of tables) ctx.registry.invalidate(appId, table);
}

export async function buildApp(ctx: ServerContext, input: BuildInput, progress: Progress): Promise<string> {
  const { plan, modules, identify } = input;
  const appId = newId();
  const userId = newId();
  const adminRoleId = newId();
  const now = ctx.now();
  const audit = insertAudit(userId, now);
  const db: Kysely<any> = ctx.db.db;
  try {
    await progress('aiGen.step.app', { title: plan.app.title.zh });
    const keys = sm2.generateKeyPairHex();
    await db
      .insertInto(ctx.tables.app)
      .values({
        ...audit,
        id: appId,
        app_id: appId,
        identify,
        title: plan.app.title.zh,
        short_title: plan.app.title.zh.slice(0, 20),
        watermark: 0,
        source: 1,
        public_key: keys.publicKey,
        private_key: keys.privateKey,
        qr_key: newQrKey(),
        encrypt: input.encrypt ? 1 : 0,
      })
      .execute();
    await db
      .insertInto(ctx.tables.user)
      .values({
        ...audit,
        id: userId,
        app_id: appId,
        account: input.mobile,
        mobile: input.mobile,
        name: input.mobile,
        password_hash: await hashPassword(input.password),
        role_ids: adminRoleId,
        status: 1,
      })
      .execute();

    for (const dict of plan.dicts ?? []) {
      await progress('aiGen.step.dict', { title: dict.title.zh });
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto(ctx.tables.dict_type)
          .values({
            ...audit,
            id: newId(),
            app_id: appId,
            code: dict.code,
            title: dict.title.zh,
            title_en: dict.title.en,
            status: 1,
          })
          .execute();
        for (const [index, item] of dict.items.entries())
          await trx
            .insertInto(ctx.tables.dict)
            .values({
              ...audit,
              id: newId(),
              app_id: appId,
              dict_code: dict.code,
              label: item.label.zh,
              label_en: item.label.en,
              value: item.value,
              enabled: 1,
              sort: index + 1,
            })
            .execute();
      });
    }

    // The store saves as the new app's own admin: its versions name who they belong to.
    const appRow = await db.selectFrom(ctx.tables.app).selectAll().where('id', '=', appId).executeTakeFirstOrThrow();
    const auth = { app: appRow, user: { id: userId }, roles: [], isAdmin: true } as unknown as RequestAuth;
    const moduleIds = new Map<string, string>();
    // Relation fields are saved after the tables they point at exist (the store checks references).
    const order = saveOrder(modules, plan);
    for (const mod of order) {
      await progress('aiGen.step.module', { title: mod.title });
      const saved = await saveModule(ctx, auth, {
        title: mod.title,
        tableName: mod.table,
        schema: mod.schema,
        provenance: 'ai',
        aiGenerated: true,
      });
      moduleIds.set(mod.table, saved.id);
    }

    await progress('aiGen.step.menus');
    const menuIds: string[] = [];
    const tableMenus = new Map<string, string[]>();
    const insertMenu = async (values: Record<string, unknown>) => {
      const id = newId();
      menuIds.push(id);
      await db
        .insertInto(ctx.tables.menu)
        .values({ ...audit, id, app_id: appId, ...values })
        .execute();
      return id;
    };
    for (const [i, menu] of plan.menus.entries()) {
      const parent = await insertMenu({ title: menu.title.zh, icon: 'AppstoreOutlined', type: 0, sort: i + 1 });
      for (const [j, table] of menu.tables.entries()) {
        const mod = modules.find((m) => m.table === table);
        const id = await insertMenu({
          title: mod?.title ?? table,
          icon: 'TableOutlined',
          type: 1,
          sort: j + 1,
          parent_id: parent,
          module_id: moduleIds.get(table),
        });
        tableMenus.set(table, [...(tableMenus.get(table) ?? []), parent, id]);
      }
    }
    const system = await insertMenu({ title: '系统管理', icon: 'SettingOutlined', type: 0, sort: 90 });
    for (const [i, menu] of SYSTEM_MENUS.entries())
      await insertMenu({ ...menu, type: 2, sort: i + 1, parent_id: system });

    await progress('aiGen.step.roles');
    await db
      .insertInto(ctx.tables.role)
      .values({
        ...audit,
        id: adminRoleId,
        app_id: appId,
        name: '管理员',
        identify: 'admin',
        level: 1,
        menu_ids: menuIds.join(','),
      })
      .execute();
    for (const role of plan.roles) {
      if (role.identify === 'admin') continue;
      const grants = [...new Set(role.tables.flatMap((table) => tableMenus.get(table) ?? []))];
      await db
        .insertInto(ctx.tables.role)
        .values({
          ...audit,
          id: newId(),
          app_id: appId,
          name: role.name.zh,
          identify: role.identify,
          level: 2,
          menu_ids: grants.join(','),
        })
        .execute();
    }

    await progress('aiGen.step.rows');
    await insertSampleRows(ctx, { id: appId, identify }, plan, modules, userId, now);
    return appId;
  } catch (error) {
    await removeApp(
      ctx,
      appId,
      identify,
      modules.map((m) => m.table),
    );
    throw error;
  }
}

/** Modules in an order where every relation's table is saved before the module naming it. */
export function saveOrder(modules: CheckedModule[], plan: AppPlan): CheckedModule[] {
  const targets = (mod: CheckedModule) =>
    (plan.tables.find((t) => t.name === mod.table)?.fields ?? []).flatMap((f) =>
      f.relation && f.relation.table !== mod.table ? [f.relation.table] : [],
    );
  const done = new Set<string>();
  const out: CheckedModule[] = [];
  let left = [...modules];
  while (left.length) {
    const ready = left.filter((mod) => targets(mod).every((t) => done.has(t)));
    // A cycle of relations: saved as listed; the store refuses the first dangling reference.
    const next = ready.length ? ready : left;
    for (const mod of next) done.add(mod.table);
    out.push(...next);
    left = left.filter((mod) => !next.includes(mod));
  }
  return out;
}

/** Sample rows; a relation value (the label of a related row) becomes that row's id. */
async function insertSampleRows(
  ctx: ServerContext,
  app: { id: string; identify: string },
  plan: AppPlan,
  modules: CheckedModule[],
  userId: string,
  now: number,
): Promise<void> {
  const ids = new Map(modules.map((m) => [m.table, m.rows.map(() => newId())]));
  const idOfLabel = (table: string, labelField: string, label: unknown) => {
    const mod = modules.find((m) => m.table === table);
    const index = mod?.rows.findIndex((row) => row[labelField] === label) ?? -1;
    return index >= 0 ? ids.get(table)?.[index] : undefined;
  };
  // Resolved before the transaction: on SQLite its single connection is the transaction's.
  const infos = await Promise.all(modules.map((mod) => ctx.registry.resolve(app, mod.table)));
  await ctx.db.db.transaction().execute(async (trx) => {
    for (const [m, mod] of modules.entries()) {
      const info = infos[m];
      if (!info) continue;
      const fields = plan.tables.find((t) => t.name === mod.table)?.fields ?? [];
      for (const [index, row] of mod.rows.entries()) {
        const record = { ...row };
        for (const field of fields)
          if (field.relation && record[field.key] !== undefined)
            record[field.key] = idOfLabel(field.relation.table, field.relation.labelField, record[field.key]) ?? null;
        const values = writableValues(info, record, 'create');
        await trx
          .insertInto(info.physical)
          .values({
            ...values,
            id: ids.get(mod.table)?.[index],
            app_id: app.id,
            ...insertAudit(userId, now - index * 60_000),
          })
          .execute();
      }
    }
  });
}
