/** The table-sync plan's steps (server/schema-store/plan.ts) as sentences in the user's language. */
import { translate } from '../../protocol/messages';
import type { PlanStep } from './api';

export const isDestructive = (step: PlanStep) => step.op === 'retireColumn';

export function describeStep(step: PlanStep, lang: 'zh' | 'en'): string {
  const vars: Record<string, unknown> = { ...step };
  if (step.op === 'createTable')
    vars.columns = ((step.columns as { column: string }[] | undefined) ?? []).map((c) => c.column).join(', ');
  const key = `designerUi.step.${step.op}`;
  const text = translate(lang, key, vars);
  return text === key ? step.op : text;
}
