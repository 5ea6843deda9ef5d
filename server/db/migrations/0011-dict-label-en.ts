/**
 * dict.label_en: the English label of a dictionary item (issue 22 item 6). `label` stays the
 * Chinese one; a reader in English gets label_en when it is set, else label.
 */
import type { Kysely, Migration } from 'kysely';
import { tableNames } from '../tables';

export function dictLabelEn(prefix: string): Migration {
  const table = tableNames(prefix).dict;
  return {
    async up(db: Kysely<any>) {
      await db.schema.alterTable(table).addColumn('label_en', 'varchar(255)').execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.alterTable(table).dropColumn('label_en').execute();
    },
  };
}
