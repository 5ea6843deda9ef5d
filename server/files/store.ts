/**
 * The file table (migration 0002-files): one row per stored file, always read and written scoped
 * to the caller's app, so a key from another app is simply not found.
 */
import type { Kysely } from 'kysely';
import { fileTable } from '../db/migrations/0002-files';
import { insertAudit } from '../db/tables';

export interface FileRow {
  id: string;
  app_id: string;
  name: string;
  ext: string;
  mime: string;
  size: number;
  storage: string;
}

export class FileStore {
  private readonly table: string;

  constructor(
    private readonly db: Kysely<any>,
    prefix: string,
  ) {
    this.table = fileTable(prefix);
  }

  async insert(row: FileRow, userId: string | null, now: number): Promise<void> {
    await this.db
      .insertInto(this.table)
      .values({ ...row, ...insertAudit(userId, now) })
      .execute();
  }

  async find(appId: string, id: string): Promise<FileRow | undefined> {
    const row = await this.db
      .selectFrom(this.table)
      .select(['id', 'app_id', 'name', 'ext', 'mime', 'size', 'storage'])
      .where('id', '=', id)
      .where('app_id', '=', appId)
      .where('is_deleted', '=', 0)
      .executeTakeFirst();
    return row ? ({ ...row, size: Number(row.size) } as FileRow) : undefined;
  }
}
