/**
 * What a chat sends the model (docs/ai.md "Chat"): the agent's system prompt, then — with
 * continuous conversation on — as much of the session's history as fits the model's context length
 * (whole question/answer pairs, oldest dropped first), then the new question. Tokens are estimated
 * without the provider's tokenizer: a CJK character counts as one token, other text as one per
 * four characters (close to what DeepSeek, Qwen and OpenAI count, and on the safe side for CJK).
 */
import type { ChatMessage } from './provider';

/** Tokens kept free for the answer: a quarter of the context, at most 2,048. */
export const answerReserve = (contextLength: number) => Math.min(2048, Math.floor(contextLength / 4));

const CJK = /[\u3000-\u9fff\uac00-\ud7af\uf900-\ufaff\uff00-\uffef]/g;

export function estimateTokens(text: string): number {
  const cjk = text.match(CJK)?.length ?? 0;
  return cjk + Math.ceil((text.length - cjk) / 4) + 4; // + the message's own framing
}

export interface HistoryRecord {
  role: 'user' | 'assistant';
  content: string;
}

export function buildMessages(
  systemPrompt: string | null | undefined,
  history: HistoryRecord[],
  question: string,
  contextLength: number,
): ChatMessage[] {
  const head: ChatMessage[] = systemPrompt ? [{ role: 'system', content: systemPrompt }] : [];
  let budget =
    contextLength -
    answerReserve(contextLength) -
    head.reduce((sum, m) => sum + estimateTokens(m.content), 0) -
    estimateTokens(question);
  // Whole pairs from the newest back: a question without its answer (or the reverse) misleads.
  const pairs: ChatMessage[][] = [];
  for (let i = 0; i + 1 < history.length; i += 2) {
    const [asked, answered] = [history[i]!, history[i + 1]!];
    if (asked.role === 'user' && answered.role === 'assistant')
      pairs.push([
        { role: 'user', content: asked.content },
        { role: 'assistant', content: answered.content },
      ]);
  }
  const kept: ChatMessage[][] = [];
  for (let i = pairs.length - 1; i >= 0; i--) {
    const cost = pairs[i]!.reduce((sum, m) => sum + estimateTokens(m.content), 0);
    if (cost > budget) break;
    budget -= cost;
    kept.unshift(pairs[i]!);
  }
  return [...head, ...kept.flat(), { role: 'user', content: question }];
}
