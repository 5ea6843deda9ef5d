/**
 * The admin pages' batch delete, all or nothing like the common API's: in one transaction, the rows
 * of `ids` in the app are deleted only when every one of them is there (another app's id, or one
 * already gone, leaves every row in place). Answers whether they were deleted; the caller says
 * "not found" in its own words.
 */
import type { Kysely } from 'kysely';

export async function removeAllOrNone(db: Kysely<any>, table: string, appId: string, ids: string[]): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const found = await trx.selectFrom(table).select('id').where('app_id', '=', appId).where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) return false;
    await trx.deleteFrom(table).where('app_id', '=', appId).where('id', 'in', ids).execute();
    return true;
  });
}
