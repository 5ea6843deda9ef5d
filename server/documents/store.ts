/**
 * The documents of one app (docs/documents.md): a tree by parent_id, soft delete, one readme per
 * app. The app id always comes from the caller's session; nothing here reads another app's rows
 * (another app's id answers "not found", the same as a missing one). Bodies are cleaned and
 * rendered on write (markdown.ts).
 */
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import { badRequest, notFound } from '../errors';
import { cleanMarkdown, renderDocument } from './markdown';

export interface DocumentRow {
  id: string;
  app_id: string;
  parent_id: string | null;
  title: string;
  sort: number;
  body: string | null;
  html: string | null;
  is_readme: number;
  is_public: number;
  create_by: string | null;
  create_at: number | string;
  update_by: string | null;
  update_at: number | string;
  is_deleted: number;
}

export interface DocumentInput {
  title?: string;
  parent_id?: string | null;
  sort?: number;
  body?: string | null;
  is_public?: boolean;
  is_readme?: boolean;
}

/** A node of the tree: no body (the list stays small whatever the documents hold). */
export interface DocumentEntry {
  id: string;
  parent_id: string | null;
  title: string;
  sort: number;
  is_readme: boolean;
  is_public: boolean;
  update_at: number;
}

export interface DocumentView extends DocumentEntry {
  body: string;
  html: string;
  update_by: string | null;
  update_by_name: string | null;
}

/** Deeper than any real manual; a walk longer than this means the stored rows already loop. */
const MAX_DEPTH = 64;

const entryOf = (row: DocumentRow): DocumentEntry => ({
  id: row.id,
  parent_id: row.parent_id,
  title: row.title,
  sort: Number(row.sort),
  is_readme: Number(row.is_readme) === 1,
  is_public: Number(row.is_public) === 1,
  update_at: Number(row.update_at),
});

const ENTRY_COLUMNS = ['id', 'parent_id', 'title', 'sort', 'is_readme', 'is_public', 'update_at'] as const;

export class DocumentStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly table: string,
    private readonly userTable: string,
    private readonly now: () => number,
  ) {}

  private live(appId: string, db: Kysely<any> = this.db) {
    return db.selectFrom(this.table).where('app_id', '=', appId).where('is_deleted', '=', 0);
  }

  /** Every live document of the app as tree entries, in sort order (all of them, or the readable ones). */
  async tree(appId: string, readableOnly = false): Promise<DocumentEntry[]> {
    let query = this.live(appId).select([...ENTRY_COLUMNS]);
    if (readableOnly) query = query.where((eb) => eb.or([eb('is_public', '=', 1), eb('is_readme', '=', 1)]));
    const rows = await query.orderBy('sort').orderBy('create_at').orderBy('id').execute();
    return rows.map((row) => entryOf(row as DocumentRow));
  }

  private async row(appId: string, id: string, db: Kysely<any> = this.db): Promise<DocumentRow> {
    const row = await this.live(appId, db).selectAll().where('id', '=', id).executeTakeFirst();
    if (!row) throw notFound();
    return row as DocumentRow;
  }

  async view(row: DocumentRow): Promise<DocumentView> {
    const user = row.update_by
      ? await this.db.selectFrom(this.userTable).select('name').where('id', '=', row.update_by).executeTakeFirst()
      : undefined;
    return {
      ...entryOf(row),
      body: row.body ?? '',
      html: row.html ?? '',
      update_by: row.update_by,
      update_by_name: (user?.name as string | undefined) ?? null,
    };
  }

  get(appId: string, id: string): Promise<DocumentRow> {
    return this.row(appId, id);
  }

  /** A document every signed-in user may read: public or the readme; otherwise "not found". */
  async readable(appId: string, id: string): Promise<DocumentRow> {
    const row = await this.row(appId, id);
    if (Number(row.is_public) !== 1 && Number(row.is_readme) !== 1) throw notFound();
    return row;
  }

  async readme(appId: string): Promise<DocumentRow | undefined> {
    const row = await this.live(appId).selectAll().where('is_readme', '=', 1).executeTakeFirst();
    return row as DocumentRow | undefined;
  }

  /** Refuses a parent that is missing, in another app, the document itself or one of its descendants. */
  private async checkParent(db: Kysely<any>, appId: string, id: string | null, parentId: string): Promise<void> {
    let current: string | null = parentId;
    for (let depth = 0; current; depth++) {
      if (current === id || depth > MAX_DEPTH) throw badRequest('documents.parentLoop');
      const parent = await this.live(appId, db)
        .select(['id', 'parent_id'])
        .where('id', '=', current)
        .executeTakeFirst();
      if (!parent) {
        if (current === parentId) throw badRequest('documents.parentMissing');
        break; // an ancestor deleted under it: the chain ends here, no loop
      }
      current = parent.parent_id as string | null;
    }
  }

  private bodyColumns(body: string | null | undefined) {
    if (body === undefined) return {};
    const clean = cleanMarkdown(body ?? '');
    return { body: clean, html: renderDocument(clean) };
  }

  /** The app's one readme: setting the flag on one document clears it on the others (same transaction). */
  private async clearReadme(db: Kysely<any>, appId: string, except: string): Promise<void> {
    await db
      .updateTable(this.table)
      .set({ is_readme: 0 })
      .where('app_id', '=', appId)
      .where('is_readme', '=', 1)
      .where('id', '<>', except)
      .execute();
  }

  async create(appId: string, userId: string, input: DocumentInput): Promise<DocumentRow> {
    const id = newId();
    const now = this.now();
    await this.db.transaction().execute(async (trx) => {
      if (input.parent_id) await this.checkParent(trx, appId, null, input.parent_id);
      if (input.is_readme) await this.clearReadme(trx, appId, id);
      await trx
        .insertInto(this.table)
        .values({
          id,
          app_id: appId,
          parent_id: input.parent_id || null,
          title: input.title!.trim(),
          sort: input.sort ?? 0,
          body: '',
          html: '',
          ...this.bodyColumns(input.body),
          is_readme: input.is_readme ? 1 : 0,
          is_public: input.is_public ? 1 : 0,
          create_by: userId,
          create_at: now,
          update_by: userId,
          update_at: now,
          is_deleted: 0,
        })
        .execute();
    });
    return this.row(appId, id);
  }

  async update(
    appId: string,
    userId: string,
    id: string,
    input: DocumentInput,
  ): Promise<{ before: DocumentRow; after: DocumentRow }> {
    const before = await this.row(appId, id);
    await this.db.transaction().execute(async (trx) => {
      if (input.parent_id) await this.checkParent(trx, appId, id, input.parent_id);
      if (input.is_readme) await this.clearReadme(trx, appId, id);
      const set: Record<string, unknown> = {
        ...this.bodyColumns(input.body),
        update_by: userId,
        update_at: this.now(),
      };
      if (input.title !== undefined) set.title = input.title.trim();
      if (input.parent_id !== undefined) set.parent_id = input.parent_id || null;
      if (input.sort !== undefined) set.sort = input.sort;
      if (input.is_public !== undefined) set.is_public = input.is_public ? 1 : 0;
      if (input.is_readme !== undefined) set.is_readme = input.is_readme ? 1 : 0;
      await trx.updateTable(this.table).set(set).where('id', '=', id).where('app_id', '=', appId).execute();
    });
    return { before, after: await this.row(appId, id) };
  }

  /** Soft delete; a document with live sub-documents is kept (they would vanish from the tree). */
  async remove(appId: string, userId: string, id: string): Promise<DocumentRow> {
    const row = await this.row(appId, id);
    const children = await this.live(appId)
      .select((eb) => eb.fn.countAll().as('count'))
      .where('parent_id', '=', id)
      .executeTakeFirst();
    const count = Number(children?.count ?? 0);
    if (count > 0) throw badRequest('documents.hasChildren', { count });
    await this.db
      .updateTable(this.table)
      .set({ is_deleted: 1, is_readme: 0, update_by: userId, update_at: this.now() })
      .where('id', '=', id)
      .where('app_id', '=', appId)
      .execute();
    return row;
  }
}
