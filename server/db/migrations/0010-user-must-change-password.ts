/**
 * user.must_change_password: 1 for a user whose password an admin set (typed or generated when the
 * user was added, issue 22 item 4). Sign-in still gives a session, but userInfo reports the flag and
 * the shell sends the user to the change-password tab first; POST auth/changePwd clears it.
 */
import type { Kysely, Migration } from 'kysely';
import { tableNames } from '../tables';

export function userMustChangePassword(prefix: string): Migration {
  const table = tableNames(prefix).user;
  return {
    async up(db: Kysely<any>) {
      await db.schema
        .alterTable(table)
        .addColumn('must_change_password', 'integer', (col) => col.notNull().defaultTo(0))
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable(table).dropColumn('must_change_password').execute();
    },
  };
}
