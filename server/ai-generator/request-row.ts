/**
 * What a generation and a described change share: their row in ai_app_generation (opened
 * 'running', finished once, the repair rounds counted) and asking the model while adding up the
 * tokens every round used — the provider's count, else the estimate of what went and came (like
 * the chat's) — for the charge when the request succeeds (billing.ts).
 */
import type { Kysely } from 'kysely';
import type { TokenUsage } from '../ai/billing';
import { chatUsage } from '../ai/chat-billing';
import type { ChatMessage, ChatTarget } from '../ai/provider';
import type { ServerContext } from '../context';
import { newId } from '../db/ids';
import { askPlan } from './ask-model';

export interface RequestRow {
  id: string;
  /** The tokens of every round so far. */
  used: TokenUsage;
  /** Repair rounds so far (stored with the outcome). */
  repairs: number;
  finish: (values: Record<string, unknown>, db?: Kysely<any>) => Promise<unknown>;
  /** Asks the model (askPlan) and adds the round's tokens to `used`. */
  ask: (messages: ChatMessage[], options: Omit<Parameters<typeof askPlan>[2], 'onUsage'>) => Promise<string>;
}

export async function openRequestRow(
  ctx: ServerContext,
  table: string,
  target: ChatTarget,
  request: { appId: string; userId: string; type: string; prompt: string },
): Promise<RequestRow> {
  const id = newId();
  const now = ctx.now();
  await ctx.db.db
    .insertInto(table)
    .values({
      id,
      app_id: request.appId,
      user_id: request.userId,
      create_at: now,
      update_at: now,
      type: request.type,
      prompt: request.prompt,
      status: 'running',
      repairs: 0,
    })
    .execute();
  const row: RequestRow = {
    id,
    used: { promptTokens: 0, completionTokens: 0 },
    repairs: 0,
    finish: (values, db = ctx.db.db) =>
      db
        .updateTable(table)
        .set({ ...values, repairs: row.repairs, update_at: ctx.now() })
        .where('id', '=', id)
        .execute(),
    ask: async (messages, options) => {
      let reported: TokenUsage = { promptTokens: 0, completionTokens: 0 };
      const answer = await askPlan(target, messages, { ...options, onUsage: (usage) => (reported = usage) });
      const round = chatUsage(messages, answer, reported);
      row.used.promptTokens += round.promptTokens;
      row.used.completionTokens += round.completionTokens;
      return answer;
    },
  };
  return row;
}
