/**
 * One user's messages (the mess page, docs/messages.md): list, unread count, read, read all,
 * delete. Every query names the app and the user from the session, so nobody reads or changes
 * another user's message: another's id simply matches no row. After a change the user's other tabs
 * hear `message.read` with the new unread count.
 */
import type { Kysely } from 'kysely';
import type { ServerContext } from '../context';
import { messageTable } from '../db/migrations/0026-messages-tasks';

export interface MessageView {
  id: string;
  title: string;
  body: string;
  link: string | null;
  source: string;
  sender_name: string | null;
  created_at: number;
  read: boolean;
}

export type InboxFilter = 'all' | 'unread' | 'read';

export class Inbox {
  private readonly table: string;
  private readonly db: Kysely<any>;

  constructor(private readonly ctx: Pick<ServerContext, 'config' | 'tables' | 'now' | 'bus' | 'db'>) {
    this.table = messageTable(ctx.config.tablePrefix);
    this.db = ctx.db.db;
  }

  private mine(appId: string, userId: string) {
    return this.db
      .selectFrom(this.table)
      .where(`${this.table}.app_id`, '=', appId)
      .where(`${this.table}.user_id`, '=', userId)
      .where(`${this.table}.is_deleted`, '=', 0);
  }

  async list(
    appId: string,
    userId: string,
    options: { current: number; pageSize: number; filter: InboxFilter },
  ): Promise<{ list: MessageView[]; total: number; unread: number }> {
    let query = this.mine(appId, userId);
    if (options.filter === 'unread') query = query.where(`${this.table}.read_at`, 'is', null);
    if (options.filter === 'read') query = query.where(`${this.table}.read_at`, 'is not', null);
    const counted = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow();
    const rows = await query
      .leftJoin(this.ctx.tables.user, `${this.ctx.tables.user}.id`, `${this.table}.sender_id`)
      .select([
        `${this.table}.id as id`,
        `${this.table}.title as title`,
        `${this.table}.body as body`,
        `${this.table}.link as link`,
        `${this.table}.source as source`,
        `${this.table}.created_at as created_at`,
        `${this.table}.read_at as read_at`,
        `${this.ctx.tables.user}.name as sender_name`,
      ])
      .orderBy(`${this.table}.created_at`, 'desc')
      .orderBy(`${this.table}.id`, 'desc')
      .limit(options.pageSize)
      .offset((options.current - 1) * options.pageSize)
      .execute();
    return {
      list: rows.map((row) => ({
        id: String(row.id),
        title: String(row.title),
        body: row.body === null ? '' : String(row.body),
        link: row.link === null ? null : String(row.link),
        source: String(row.source),
        sender_name: row.sender_name === null || row.sender_name === undefined ? null : String(row.sender_name),
        created_at: Number(row.created_at),
        read: row.read_at !== null,
      })),
      total: Number(counted.n),
      unread: await this.unread(appId, userId),
    };
  }

  async unread(appId: string, userId: string): Promise<number> {
    const row = await this.mine(appId, userId)
      .where('read_at', 'is', null)
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** Marks the given messages (or, without ids, every unread one) read; answers the unread count. */
  async markRead(appId: string, userId: string, ids?: string[]): Promise<number> {
    let update = this.db
      .updateTable(this.table)
      .set({ read_at: this.ctx.now() })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('is_deleted', '=', 0)
      .where('read_at', 'is', null);
    if (ids) update = update.where('id', 'in', ids);
    await update.execute();
    return this.changed(appId, userId);
  }

  /** Deletes the user's copies of these messages (other recipients keep theirs). */
  async remove(appId: string, userId: string, ids: string[]): Promise<{ removed: number; unread: number }> {
    const result = await this.db
      .updateTable(this.table)
      .set({ is_deleted: 1 })
      .where('app_id', '=', appId)
      .where('user_id', '=', userId)
      .where('is_deleted', '=', 0)
      .where('id', 'in', ids)
      .executeTakeFirst();
    return { removed: Number(result.numUpdatedRows), unread: await this.changed(appId, userId) };
  }

  private async changed(appId: string, userId: string): Promise<number> {
    const unread = await this.unread(appId, userId);
    await this.ctx.bus.publish({ type: 'message.read', appId, userId, unread });
    return unread;
  }
}
