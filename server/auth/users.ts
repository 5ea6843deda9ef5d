/** Users and their roles, as sign-in and the session hook need them. */
import type { Kysely } from 'kysely';
import type { TableNames } from '../db/tables';

export interface UserRow {
  id: string;
  app_id: string;
  account: string;
  mobile: string | null;
  name: string | null;
  avatar: string | null;
  password_hash: string | null;
  role_ids: string | null;
  dept_id: string | null;
  theme_config: string | null;
  status: number;
  /** 1 after an admin set the password: the shell sends the user to change it (0010 migration). */
  must_change_password?: number;
  /** When the password was last set (migration 0014); null: create_at counts. */
  password_changed_at?: number | null;
  create_at?: number;
}

export interface RoleRow {
  id: string;
  name: string | null;
  identify: string | null;
  level: number | null;
  menu_ids: string | null;
}

export const splitIds = (csv: string | null | undefined) =>
  (csv ?? '')
    .split(',')
    .map((id) => id.trim())
    .filter(Boolean);

export class Users {
  constructor(
    private readonly db: Kysely<any>,
    private readonly tables: TableNames,
  ) {}

  async byId(appId: string, id: string): Promise<UserRow | undefined> {
    return (await this.db
      .selectFrom(this.tables.user)
      .selectAll()
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('is_deleted', '=', 0)
      .executeTakeFirst()) as UserRow | undefined;
  }

  /** Sign-in names: the account, or the mobile number (docs/decisions.md). Account wins a tie. */
  async byLogin(appId: string, login: string): Promise<UserRow | undefined> {
    const rows = (await this.db
      .selectFrom(this.tables.user)
      .selectAll()
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .where((eb) => eb.or([eb('account', '=', login), eb('mobile', '=', login)]))
      .limit(2)
      .execute()) as UserRow[];
    return rows.find((r) => r.account === login) ?? (rows.length === 1 ? rows[0] : undefined);
  }

  async roles(appId: string, roleIds: string | null): Promise<RoleRow[]> {
    const ids = splitIds(roleIds);
    if (ids.length === 0) return [];
    return (await this.db
      .selectFrom(this.tables.role)
      .select(['id', 'name', 'identify', 'level', 'menu_ids'])
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .where('id', 'in', ids)
      .execute()) as RoleRow[];
  }

  /**
   * The live user of an app with this mobile: the one whose account is the mobile, else the only
   * one holding it (two holders and neither the account: none, rather than a guess).
   */
  async byMobile(appId: string, mobile: string): Promise<UserRow | undefined> {
    const rows = (await this.db
      .selectFrom(this.tables.user)
      .selectAll()
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .where('mobile', '=', mobile)
      .limit(2)
      .execute()) as UserRow[];
    return rows.find((r) => r.account === mobile) ?? (rows.length === 1 ? rows[0] : undefined);
  }

  /** Whether a live user other than `exceptId` uses this text as mobile or account. */
  async mobileTaken(appId: string, mobile: string, exceptId?: string): Promise<boolean> {
    let query = this.db
      .selectFrom(this.tables.user)
      .select('id')
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .where((eb) => eb.or([eb('mobile', '=', mobile), eb('account', '=', mobile)]));
    if (exceptId) query = query.where('id', '!=', exceptId);
    return (await query.limit(1).executeTakeFirst()) !== undefined;
  }

  async update(appId: string, id: string, values: Partial<UserRow>, now: number): Promise<void> {
    await this.db
      .updateTable(this.tables.user)
      .set({ ...values, update_by: id, update_at: now })
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .execute();
  }

  /** The id of the app's role with this identify (register gives new users the `user` role). */
  async roleIdByIdentify(appId: string, identify: string): Promise<string | undefined> {
    const row = await this.db
      .selectFrom(this.tables.role)
      .select('id')
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .where('identify', '=', identify)
      .orderBy('create_at', 'asc')
      .executeTakeFirst();
    return row?.id as string | undefined;
  }
}
