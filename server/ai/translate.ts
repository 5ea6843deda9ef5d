/**
 * The chat model as a translator (the image studio's prompt translation, docs/ai.md "Image
 * studio"): the app's default enabled model is asked for an English version of a drawing prompt.
 * The seam other features use (eslint.layers.js): they get the translation, never the model row or
 * its key. The answer is model output, so it is checked before use: one line, no markup, capped.
 */
import type { Kysely } from 'kysely';
import { aiModelTable } from '../db/migrations/0022-ai-models';
import { badRequest } from '../errors';
import type { OutboundPolicy } from '../net/outbound';
import type { SecretBox } from '../secrets/secrets';
import { AiModelStore } from './model-store';
import { streamChat } from './provider';

const SYSTEM =
  'You translate prompts for an image generator into English. Answer with the English prompt only: ' +
  'one line, no quotes, no explanations. Keep Midjourney parameters such as --ar unchanged.';

export interface PromptTranslator {
  translate(appId: string, text: string, maxChars: number): Promise<string>;
}

export function promptTranslator(
  db: Kysely<any>,
  prefix: string,
  box: SecretBox,
  now: () => number,
  policy: OutboundPolicy,
): PromptTranslator {
  const models = new AiModelStore(db, aiModelTable(prefix), box, now);
  return {
    async translate(appId, text, maxChars) {
      const target = models.target(await models.usable(appId));
      const stream = streamChat(
        target,
        [
          { role: 'system', content: SYSTEM },
          { role: 'user', content: text },
        ],
        { policy, timeoutMs: 30_000, maxRetries: 1 },
      );
      let answer = '';
      for await (const piece of stream) {
        answer += piece;
        if (answer.length > maxChars * 4) break; // a runaway answer is not a translation
      }
      const clean = answer
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim()
        .replace(/^["'“”‘’]+|["'“”‘’]+$/g, '')
        .trim();
      if (!clean) throw badRequest('ai.badAnswer');
      return clean.slice(0, maxChars);
    },
  };
}
