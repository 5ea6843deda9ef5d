/**
 * Trees kept by a parent_id column (dictionaries, departments, menus): an update that would make a
 * record its own ancestor is refused, because a loop has no root to hang from and tree readers
 * (the dict endpoint, tree selects, the menu) could not place its rows.
 */
import type { Kysely } from 'kysely';
import { badRequest } from '../errors';

/** Deeper chains than this are not real trees; the walk stops instead of reading without end. */
const MAX_DEPTH = 1000;

/**
 * Throws data.parentLoop when `parentId` is `id` or a live descendant of it in the app's rows of
 * `table`. Reads inside the caller's transaction, so it sees the same rows the update changes.
 */
export async function assertNoParentLoop(
  trx: Kysely<any>,
  table: string,
  appId: string,
  id: string,
  parentId: unknown,
): Promise<void> {
  const seen = new Set<string>();
  let current = parentId === null || parentId === undefined ? '' : String(parentId);
  while (current && seen.size < MAX_DEPTH) {
    if (current === id) throw badRequest('data.parentLoop');
    // A loop already stored above us (written before this check existed): it cannot contain `id`.
    if (seen.has(current)) return;
    seen.add(current);
    const row = await trx
      .selectFrom(table)
      .select('parent_id')
      .where('app_id', '=', appId)
      .where('id', '=', current)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    current = row?.parent_id ? String(row.parent_id) : '';
  }
}
