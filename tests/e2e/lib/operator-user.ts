/**
 * An operator of an app for the e2e files that need a second, non-admin user: a role of its own
 * (not admin, trial or the self-registered `user`, who is first asked to complete their company
 * info) over the customer menus only (no 系统管理), and one active user in it, written straight
 * into the server's database before the browser signs in.
 */
import { hashPassword } from '../../../server/auth/passwords';
import type { Db } from '../../../server/db/create-db';
import { newId } from '../../../server/db/ids';
import { insertAudit, tableNames } from '../../../server/db/tables';

const t = tableNames('tessera_sys_');

export interface OperatorUser {
  account: string;
  password: string;
  /** The user's display name. */
  name: string;
  /** The name of the role made for them. */
  roleName: string;
}

export async function addOperator(db: Db, appId: string, user: OperatorUser): Promise<void> {
  const menus = await db.db
    .selectFrom(t.menu)
    .select('id')
    .where('app_id', '=', appId)
    .where('title', 'in', ['客户管理', '客户'])
    .execute();
  const now = Date.now();
  const roleId = newId();
  await db.db
    .insertInto(t.role)
    .values({
      id: roleId,
      app_id: appId,
      ...insertAudit(null, now),
      name: user.roleName,
      identify: 'operator',
      level: 3,
      menu_ids: menus.map((m) => m.id).join(','),
    })
    .execute();
  await db.db
    .insertInto(t.user)
    .values({
      id: newId(),
      app_id: appId,
      ...insertAudit(null, now),
      account: user.account,
      name: user.name,
      mobile: null,
      password_hash: await hashPassword(user.password),
      role_ids: roleId,
      status: 1,
    })
    .execute();
}
