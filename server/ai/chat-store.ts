/**
 * A user's chat sessions and their records (docs/ai.md "Chat"). Every read and write names the app
 * and the user from the session: another user's session id answers "not found", as if it did not
 * exist. A session's model is fixed once it holds records ("the model cannot be modified").
 */
import type { Kysely, Transaction } from 'kysely';
import { badRequest, notFound } from '../errors';
import { newId } from '../db/ids';

export interface SessionRow {
  id: string;
  app_id: string;
  user_id: string;
  session_name: string | null;
  session_type: string;
  chat_model_id: string | null;
  agent_id: string | null;
  create_at: number;
  update_at: number;
}

export interface RecordRow {
  id: string;
  session_id: string;
  seq: number;
  role: 'user' | 'assistant';
  content: string;
  chat_model_value: string | null;
  status: 'done' | 'stopped' | 'failed';
  prompt_tokens: number;
  completion_tokens: number;
  create_at: number;
}

export interface Owner {
  appId: string;
  userId: string;
}

/** The length a session is named with from its first message. */
export const SESSION_NAME_CHARS = 50;

export class ChatStore {
  constructor(
    private readonly db: Kysely<any>,
    private readonly sessions: string,
    private readonly records: string,
    private readonly now: () => number,
  ) {}

  sessionView(row: SessionRow) {
    return {
      id: row.id,
      sessionName: row.session_name ?? '',
      sessionType: row.session_type,
      chatModelId: row.chat_model_id,
      agentId: row.agent_id,
      createTime: Number(row.create_at),
      updateTime: Number(row.update_at),
    };
  }

  recordView(row: RecordRow) {
    return {
      id: row.id,
      role: row.role,
      content: row.content,
      createTime: Number(row.create_at),
      chatModelValue: row.chat_model_value,
      status: row.status,
    };
  }

  /** Newest first (the list's order), a page at a time. */
  async list(owner: Owner, page: number, size: number, type = 'CHAT'): Promise<SessionRow[]> {
    return (await this.db
      .selectFrom(this.sessions)
      .selectAll()
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .where('session_type', '=', type)
      .orderBy('update_at', 'desc')
      .orderBy('id', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute()) as SessionRow[];
  }

  async get(owner: Owner, id: string): Promise<SessionRow> {
    const row = await this.db
      .selectFrom(this.sessions)
      .selectAll()
      .where('app_id', '=', owner.appId)
      .where('user_id', '=', owner.userId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row as SessionRow;
  }

  async add(owner: Owner, input: { sessionType?: string; chatModelId?: string | null; agentId?: string | null }) {
    const id = newId();
    const now = this.now();
    await this.db
      .insertInto(this.sessions)
      .values({
        id,
        app_id: owner.appId,
        user_id: owner.userId,
        create_at: now,
        update_at: now,
        session_name: null,
        session_type: input.sessionType ?? 'CHAT',
        chat_model_id: input.chatModelId ?? null,
        agent_id: input.agentId ?? null,
      })
      .execute();
    return this.get(owner, id);
  }

  async hasRecords(sessionId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom(this.records)
      .select('id')
      .where('session_id', '=', sessionId)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Renames, or changes the model while the session holds no record. */
  async update(owner: Owner, id: string, input: { sessionName?: string; chatModelId?: string | null }) {
    const row = await this.get(owner, id);
    const changes: Record<string, unknown> = {};
    if (input.sessionName !== undefined) changes.session_name = input.sessionName.trim().slice(0, 200) || null;
    if (input.chatModelId !== undefined && input.chatModelId !== row.chat_model_id) {
      if (await this.hasRecords(id)) throw badRequest('ai.modelLocked');
      changes.chat_model_id = input.chatModelId;
    }
    if (Object.keys(changes).length)
      await this.db
        .updateTable(this.sessions)
        .set({ ...changes, update_at: this.now() })
        .where('app_id', '=', owner.appId)
        .where('user_id', '=', owner.userId)
        .where('id', '=', id)
        .execute();
    return this.get(owner, id);
  }

  /** One session, or all the user's (clear), with their records, in one transaction. */
  async remove(owner: Owner, id?: string): Promise<number> {
    return this.db.transaction().execute(async (trx) => {
      let query = trx
        .selectFrom(this.sessions)
        .select('id')
        .where('app_id', '=', owner.appId)
        .where('user_id', '=', owner.userId);
      if (id) query = query.where('id', '=', id);
      const ids = (await query.execute()).map((row) => String(row.id));
      if (id && !ids.length) throw notFound();
      if (!ids.length) return 0;
      await trx.deleteFrom(this.records).where('session_id', 'in', ids).execute();
      await trx.deleteFrom(this.sessions).where('id', 'in', ids).execute();
      return ids.length;
    });
  }

  async recordsOf(owner: Owner, sessionId: string): Promise<RecordRow[]> {
    await this.get(owner, sessionId);
    return (await this.db
      .selectFrom(this.records)
      .selectAll()
      .where('session_id', '=', sessionId)
      .orderBy('seq')
      .execute()) as RecordRow[];
  }

  /**
   * The question and its answer, stored together once the answer ends; the session is named from
   * its first message and bound to the model that answered.
   */
  async storeExchange(
    owner: Owner,
    session: SessionRow,
    exchange: {
      question: string;
      answer: string;
      status: RecordRow['status'];
      modelId: string;
      modelValue: string;
      promptTokens: number;
      completionTokens: number;
      /** The call's charge (billing.ts), in the same transaction as the records. */
      charge?: (trx: Transaction<any>, recordId: string) => Promise<unknown>;
    },
  ): Promise<string> {
    const now = this.now();
    const answerId = newId();
    await this.db.transaction().execute(async (trx) => {
      const last = await trx
        .selectFrom(this.records)
        .select((eb) => eb.fn.max('seq').as('seq'))
        .where('session_id', '=', session.id)
        .executeTakeFirst();
      const seq = Number(last?.seq ?? 0);
      const common = {
        app_id: owner.appId,
        user_id: owner.userId,
        session_id: session.id,
        chat_model_value: exchange.modelValue,
      };
      await trx
        .insertInto(this.records)
        .values([
          {
            ...common,
            id: newId(),
            seq: seq + 1,
            role: 'user',
            content: exchange.question,
            status: 'done',
            prompt_tokens: 0,
            completion_tokens: 0,
            create_at: now,
          },
          {
            ...common,
            id: answerId,
            seq: seq + 2,
            role: 'assistant',
            content: exchange.answer,
            status: exchange.status,
            prompt_tokens: exchange.promptTokens,
            completion_tokens: exchange.completionTokens,
            create_at: now,
          },
        ])
        .execute();
      await trx
        .updateTable(this.sessions)
        .set({
          update_at: now,
          chat_model_id: exchange.modelId,
          ...(session.session_name ? {} : { session_name: exchange.question.trim().slice(0, SESSION_NAME_CHARS) }),
        })
        .where('id', '=', session.id)
        .execute();
      await exchange.charge?.(trx, answerId);
    });
    return answerId;
  }
}
