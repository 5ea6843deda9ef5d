/**
 * role.dept_ids: the departments a role may see when a list asks for the custom data limit
 * (dataLimitType 5, docs/list-query.md). A comma list of dept ids, like menu_ids.
 */
import type { Kysely, Migration } from 'kysely';

export function roleDataScope(prefix: string): Migration {
  const table = `${prefix}role`;
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable(table).addColumn('dept_ids', 'text').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable(table).dropColumn('dept_ids').execute();
    },
  };
}
