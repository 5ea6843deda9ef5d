/**
 * The file library's rows (docs/resource.md): folders and files of one app, always read and
 * written scoped to the caller's app (from the session), so an id of another app is not found.
 * A file row's bytes live in the file table + storage (server/files); deleting or restoring a file
 * flips that row's is_deleted too, so a deleted file is not served by the download route either.
 */
import { sql, type Kysely } from 'kysely';
import { fileTable } from '../db/migrations/0002-files';
import { resourceTable } from '../db/migrations/0019-resources';
import { newId } from '../db/ids';
import { insertAudit } from '../db/tables';
import { badRequest, notFound } from '../errors';

export type ResourceKind = 'folder' | 'file';

export interface ResourceRow {
  id: string;
  app_id: string;
  parent_id: string | null;
  kind: ResourceKind;
  name: string;
  file_id: string | null;
  ext: string | null;
  size: number;
  is_deleted: number;
  deleted_at: number | null;
  create_by: string | null;
  create_at: number;
  update_by: string | null;
  update_at: number;
}

export interface ListQuery {
  parentId?: string;
  keyword?: string;
  deleted?: number;
  current: number;
  pageSize: number;
}

const COLUMNS = [
  'id',
  'app_id',
  'parent_id',
  'kind',
  'name',
  'file_id',
  'ext',
  'size',
  'is_deleted',
  'deleted_at',
  'create_by',
  'create_at',
  'update_by',
  'update_at',
] as const;

/** Drivers answer BIGINT as text on PostgreSQL/MySQL: numbers for the wire. */
function normalise(row: Record<string, unknown>): ResourceRow {
  return {
    ...(row as unknown as ResourceRow),
    size: Number(row.size ?? 0),
    is_deleted: Number(row.is_deleted),
    deleted_at: row.deleted_at === null || row.deleted_at === undefined ? null : Number(row.deleted_at),
    create_at: Number(row.create_at),
    update_at: Number(row.update_at),
  };
}

/** `%text%` for LIKE with `!` as the escape character (the same on all three databases). */
export const containsPattern = (text: string) => `%${text.toLowerCase().replace(/[!%_]/g, (c) => `!${c}`)}%`;

export class ResourceStore {
  private readonly table: string;
  private readonly files: string;

  constructor(
    private readonly db: Kysely<any>,
    prefix: string,
  ) {
    this.table = resourceTable(prefix);
    this.files = fileTable(prefix);
  }

  async list(appId: string, query: ListQuery): Promise<{ list: ResourceRow[]; total: number }> {
    const deleted = query.deleted === 1;
    let base = this.db
      .selectFrom(`${this.table} as r`)
      .where('r.app_id', '=', appId)
      .where('r.is_deleted', '=', deleted ? 1 : 0);
    if (deleted) {
      // The recycle bin lists what was deleted, not everything deleted with it: a folder's
      // contents (same deleted_at, parent deleted too) come back with the folder.
      base = base.where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom(`${this.table} as p`)
              .select('p.id')
              .whereRef('p.id', '=', 'r.parent_id')
              .where('p.is_deleted', '=', 1)
              .whereRef('p.deleted_at', '=', 'r.deleted_at'),
          ),
        ),
      );
    } else if (query.keyword?.trim()) {
      base = base.where(sql<boolean>`lower(r.name) like ${containsPattern(query.keyword.trim())} escape '!'`);
    } else if (query.parentId) {
      base = base.where('r.parent_id', '=', query.parentId);
    } else {
      base = base.where('r.parent_id', 'is', null);
    }
    const count = await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await base
      .select(COLUMNS.map((c) => `r.${c}` as const))
      // Folders first ('folder' > 'file'), then by name; the id keeps pages stable.
      .orderBy('r.kind', 'desc')
      .orderBy(deleted ? 'r.deleted_at' : 'r.name', deleted ? 'desc' : 'asc')
      .orderBy('r.id')
      .limit(query.pageSize)
      .offset((query.current - 1) * query.pageSize)
      .execute();
    return { list: rows.map(normalise), total: Number(count?.n ?? 0) };
  }

  async folders(appId: string): Promise<Pick<ResourceRow, 'id' | 'name' | 'parent_id'>[]> {
    return this.db
      .selectFrom(this.table)
      .select(['id', 'name', 'parent_id'])
      .where('app_id', '=', appId)
      .where('kind', '=', 'folder')
      .where('is_deleted', '=', 0)
      .orderBy('name')
      .orderBy('id')
      .execute() as Promise<Pick<ResourceRow, 'id' | 'name' | 'parent_id'>[]>;
  }

  /** Bytes of the app's live files (what the quota counts). */
  async usage(appId: string): Promise<number> {
    const row = await this.db
      .selectFrom(this.table)
      .select((eb) => eb.fn.sum('size').as('bytes'))
      .where('app_id', '=', appId)
      .where('kind', '=', 'file')
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return Number(row?.bytes ?? 0);
  }

  async get(appId: string, id: string, deleted = 0): Promise<ResourceRow> {
    const row = await this.db
      .selectFrom(this.table)
      .select([...COLUMNS])
      .where('app_id', '=', appId)
      .where('id', '=', id)
      .where('is_deleted', '=', deleted)
      .executeTakeFirst();
    if (!row) throw notFound();
    return normalise(row);
  }

  /** The live folder an item goes into (null = root); another app's or a deleted one is not found. */
  async folder(appId: string, id: string | null | undefined): Promise<string | null> {
    if (!id) return null;
    const row = await this.get(appId, id).catch(() => undefined);
    if (!row || row.kind !== 'folder') throw badRequest('resource.folderNotFound');
    return row.id;
  }

  /** Folder names are unique among a folder's live subfolders (case as typed). */
  async assertFolderNameFree(appId: string, parentId: string | null, name: string, except?: string): Promise<void> {
    let query = this.db
      .selectFrom(this.table)
      .select('id')
      .where('app_id', '=', appId)
      .where('kind', '=', 'folder')
      .where('is_deleted', '=', 0)
      .where('name', '=', name);
    query = parentId ? query.where('parent_id', '=', parentId) : query.where('parent_id', 'is', null);
    const rows = await query.execute();
    if (rows.some((row) => row.id !== except)) throw badRequest('resource.folderExists', { name });
  }

  async insert(
    db: Kysely<any>,
    appId: string,
    userId: string,
    now: number,
    row: { kind: ResourceKind; name: string; parent_id: string | null; file_id?: string; ext?: string; size?: number },
  ): Promise<ResourceRow> {
    const id = newId();
    const values = {
      id,
      app_id: appId,
      ...insertAudit(userId, now),
      deleted_at: null,
      parent_id: row.parent_id,
      kind: row.kind,
      name: row.name,
      file_id: row.file_id ?? null,
      ext: row.ext ?? null,
      size: row.size ?? 0,
    };
    await db.insertInto(this.table).values(values).execute();
    return normalise(values);
  }

  async update(
    db: Kysely<any>,
    appId: string,
    ids: readonly string[],
    values: Record<string, unknown>,
    userId: string,
    now: number,
  ): Promise<void> {
    if (!ids.length) return;
    await db
      .updateTable(this.table)
      .set({ ...values, update_by: userId, update_at: now })
      .where('app_id', '=', appId)
      .where('id', 'in', [...ids])
      .execute();
  }

  /** Marks the file table's rows of these file resources deleted (1) or live (0). */
  async markFiles(db: Kysely<any>, appId: string, rows: readonly ResourceRow[], isDeleted: 0 | 1, now: number) {
    const keys = rows.filter((row) => row.kind === 'file' && row.file_id).map((row) => row.file_id!);
    if (!keys.length) return;
    await db
      .updateTable(this.files)
      .set({ is_deleted: isDeleted, update_at: now })
      .where('app_id', '=', appId)
      .where('id', 'in', keys)
      .execute();
  }

  async renameFile(db: Kysely<any>, appId: string, fileId: string, name: string): Promise<void> {
    await db.updateTable(this.files).set({ name }).where('app_id', '=', appId).where('id', '=', fileId).execute();
  }

  /** Every row of the app with this is_deleted value (the tree walks of move, delete, restore). */
  async all(appId: string, isDeleted: 0 | 1): Promise<ResourceRow[]> {
    const rows = await this.db
      .selectFrom(this.table)
      .select([...COLUMNS])
      .where('app_id', '=', appId)
      .where('is_deleted', '=', isDeleted)
      .execute();
    return rows.map(normalise);
  }

  transaction<T>(work: (db: Kysely<any>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }
}

/** The rows under `roots` (the roots included), walking parent_id; `same` filters each child. */
export function subtree(
  rows: readonly ResourceRow[],
  roots: readonly ResourceRow[],
  same: (child: ResourceRow, parent: ResourceRow) => boolean = () => true,
): ResourceRow[] {
  const children = new Map<string, ResourceRow[]>();
  for (const row of rows) {
    if (!row.parent_id) continue;
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const seen = new Map<string, ResourceRow>();
  const queue = [...roots];
  while (queue.length) {
    const row = queue.shift()!;
    if (seen.has(row.id)) continue;
    seen.set(row.id, row);
    for (const child of children.get(row.id) ?? []) if (same(child, row)) queue.push(child);
  }
  return [...seen.values()];
}
