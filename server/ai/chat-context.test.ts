import { describe, expect, it } from 'vitest';
import { buildMessages, estimateTokens } from './chat-context';

const pair = (n: number, size = 10) => [
  { role: 'user' as const, content: `question ${n} ${'q'.repeat(size)}` },
  { role: 'assistant' as const, content: `answer ${n} ${'a'.repeat(size)}` },
];

describe('the messages a chat sends', () => {
  it('puts the system prompt first and the question last, with the whole history when it fits', () => {
    const messages = buildMessages('You help sales.', [...pair(1), ...pair(2)], 'next?', 8192);
    expect(messages.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user', 'assistant', 'user']);
    expect(messages[0]!.content).toBe('You help sales.');
    expect(messages.at(-1)!.content).toBe('next?');
  });

  it('drops the oldest pairs first when the history does not fit the context length', () => {
    const history = [...pair(1, 2400), ...pair(2, 2400), ...pair(3, 2400)];
    // 4,096 context: 1,024 kept for the answer; each pair costs ~1,214 tokens: two fit.
    const messages = buildMessages(null, history, 'now?', 4096);
    const kept = messages.filter((m) => m.role === 'user').map((m) => m.content.split(' ')[1]);
    expect(kept).toEqual(['2', '3', undefined]);
    expect(messages.at(-1)!.content).toBe('now?');
  });

  it('sends only the question when continuous conversation is off (no history given)', () => {
    expect(buildMessages(undefined, [], 'hello', 8192)).toEqual([{ role: 'user', content: 'hello' }]);
  });

  it('never sends half a pair', () => {
    const messages = buildMessages(null, [...pair(1), { role: 'user', content: 'unanswered' }], 'q', 8192);
    expect(messages.map((m) => m.content)).not.toContain('unanswered');
  });

  it('counts a CJK character as a token, other text as a quarter', () => {
    expect(estimateTokens('你好世界')).toBe(4 + 4);
    expect(estimateTokens('abcdefgh')).toBe(2 + 4);
  });
});
