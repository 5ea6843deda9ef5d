/**
 * What a chat call is reserved and charged for (billing.ts): the estimate before the call — the
 * messages sent plus the room kept for the answer — and the tokens after it: the provider's count
 * when it sent one, else (a stopped or dropped stream reports none) the same estimate of what was
 * sent and what arrived, so a stopped answer is charged for what it used.
 */
import { answerReserve, estimateTokens } from './chat-context';
import type { ChatMessage } from './provider';
import type { TokenUsage } from './billing';

/** The estimated tokens of `messages` as sent (the generator's estimate uses it too). */
export const sentTokens = (messages: ChatMessage[]) => messages.reduce((sum, m) => sum + estimateTokens(m.content), 0);

export const chatEstimate = (messages: ChatMessage[], contextLength: number) =>
  sentTokens(messages) + answerReserve(contextLength);

export function chatUsage(messages: ChatMessage[], answer: string, reported: TokenUsage): TokenUsage {
  if (reported.promptTokens + reported.completionTokens > 0) return reported;
  return { promptTokens: sentTokens(messages), completionTokens: answer ? estimateTokens(answer) : 0 };
}
