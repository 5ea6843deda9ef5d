/**
 * ai_chat_session and ai_chat_record (issue 18, docs/ai.md "Chat"): a user's chat sessions (named
 * from the first message, bound to one model once they hold records, optionally to an agent) and
 * their records (the user's message and the assistant's answer, stored together when the answer
 * ends: done, stopped — the partial answer kept and marked — or failed). Token counts of each
 * answer feed the usage report. Records go with their session (no soft delete: a user's "clear" is
 * meant to forget).
 */
import type { Kysely, Migration } from 'kysely';
import type { DialectSpec } from '../dialects/types';

export const aiChatSessionTable = (prefix: string) => `${prefix}ai_chat_session`;
export const aiChatRecordTable = (prefix: string) => `${prefix}ai_chat_record`;

export function aiChat(prefix: string, spec: DialectSpec): Migration {
  const sessions = aiChatSessionTable(prefix);
  const records = aiChatRecordTable(prefix);
  const base = (db: Kysely<any>, table: string) => {
    const builder = db.schema.createTable(table);
    return (spec.tableOptions ? builder.modifyEnd(spec.tableOptions) : builder)
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('app_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('create_at', 'bigint', (c) => c.notNull());
  };
  return {
    async up(db: Kysely<any>) {
      await base(db, sessions)
        .addColumn('update_at', 'bigint', (c) => c.notNull())
        .addColumn('session_name', 'varchar(200)')
        .addColumn('session_type', 'varchar(16)', (c) => c.notNull().defaultTo('CHAT'))
        .addColumn('chat_model_id', 'varchar(32)')
        .addColumn('agent_id', 'varchar(32)')
        .execute();
      await db.schema
        .createIndex(`ix_${sessions}_user`.slice(0, 60))
        .on(sessions)
        .columns(['app_id', 'user_id', 'update_at'])
        .execute();
      await base(db, records)
        .addColumn('session_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('role', 'varchar(16)', (c) => c.notNull())
        .addColumn('content', spec.bigText, (c) => c.notNull())
        .addColumn('chat_model_value', 'varchar(128)')
        .addColumn('status', 'varchar(16)', (c) => c.notNull().defaultTo('done'))
        .addColumn('prompt_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('completion_tokens', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .createIndex(`ix_${records}_session`.slice(0, 60))
        .on(records)
        .columns(['session_id', 'seq'])
        .execute();
    },
    async down(db: Kysely<any>) {
      await db.schema.dropTable(records).execute();
      await db.schema.dropTable(sessions).execute();
    },
  };
}
