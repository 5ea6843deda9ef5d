/**
 * Test-only: what a developer writes to add an action — one file. It registers `greet`, whose
 * params name who to greet; schemas can then use { "action": "greet", "params": { "who": "…" } }.
 */
import { defineScreenAction } from '../define';

export const greeted: { who: string; id?: string }[] = [];

export const greetAction = defineScreenAction({
  type: 'greet',
  title: { zh: '问候', en: 'Greet' },
  params: {
    type: 'object',
    required: ['who'],
    properties: { who: { type: 'string', maxLength: 40 } },
    additionalProperties: false,
  },
  run(ctx) {
    greeted.push({ who: String(ctx.params.who), id: ctx.id });
    ctx.ui.success(`hello ${String(ctx.params.who)}`);
  },
});
