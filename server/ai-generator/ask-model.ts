/**
 * Asks the model for a plan (and for repairs) through the official SDK and the SSRF guard, like
 * the chat. Structured output where the provider has it (response_format json_schema: OpenAI and
 * compatible gateways); JSON mode (json_object) for DeepSeek, DashScope and Qianfan, whose
 * compatible modes take only that — the plan's schema then goes in the system prompt, and Ajv
 * checks the answer either way. Not streamed: a plan is only usable whole. The designer's "describe
 * a change" asks for its patch the same way (`format`, describe-change.ts).
 */
import OpenAI from 'openai';
import { baseUrlOf, chatError, type ChatMessage, type ChatTarget } from '../ai/provider';
import type { TokenUsage } from '../ai/billing';
import type { OutboundPolicy } from '../net/outbound';
import { guardedStreamFetch } from '../net/stream-fetch';
import { PLAN_LIMITS, planFieldTypes, planJsonSchema } from './plan-schema';
import type { PlanProblem } from './plan-check';

const STRUCTURED = new Set(['openai', 'custom']);
const TIMEOUT_MS = 120_000;

export function systemPrompt(): string {
  return [
    'You design admin apps for a low-code platform. Answer with ONE JSON object only: the app plan.',
    `Field "type" is one of: ${planFieldTypes().join(', ')}.`,
    'Titles have zh (Chinese) and en (English). Identifiers are lower-case snake_case ASCII.',
    'A choice field uses "dict" (a code from "dicts") or "relation" ({table, labelField}) with type select.',
    `At most ${PLAN_LIMITS.tables} tables, ${PLAN_LIMITS.fields} fields a table, ${PLAN_LIMITS.rows} sample rows a table, ${PLAN_LIMITS.menus} menus.`,
    'Sample rows use field keys; a relation value is the label of a row of the related table.',
    'Never put SQL, HTML or script in any text.',
    `The JSON schema of the plan: ${JSON.stringify(planJsonSchema())}`,
  ].join('\n');
}

export function repairPrompt(problems: PlanProblem[]): string {
  return [
    'The plan has these problems (JSON pointer: problem):',
    ...problems.map((p) => `${p.pointer || '/'}: ${p.message}`),
    'Answer the whole corrected plan as one JSON object.',
  ].join('\n');
}

/** The JSON document asked for: its name and schema (structured output), the app plan by default. */
export interface AnswerFormat {
  name: string;
  schema: Record<string, unknown>;
}

export async function askPlan(
  target: ChatTarget,
  messages: ChatMessage[],
  options: {
    policy?: OutboundPolicy;
    signal?: AbortSignal;
    format?: AnswerFormat;
    /** The tokens the provider reported for this round (zeros when it reported none). */
    onUsage?: (usage: TokenUsage) => void;
  },
): Promise<string> {
  const format = options.format ?? { name: 'app_plan', schema: planJsonSchema() };
  const client = new OpenAI({
    apiKey: target.apiKey || 'none',
    baseURL: baseUrlOf(target),
    fetch: guardedStreamFetch(options.policy),
    timeout: TIMEOUT_MS,
    maxRetries: 2,
  });
  const responseFormat = STRUCTURED.has(target.provider)
    ? ({ type: 'json_schema', json_schema: { name: format.name, schema: format.schema, strict: false } } as const)
    : ({ type: 'json_object' } as const);
  try {
    const answer = await client.chat.completions.create(
      { model: target.model, messages, response_format: responseFormat, stream: false },
      { signal: options.signal },
    );
    options.onUsage?.({
      promptTokens: answer.usage?.prompt_tokens ?? 0,
      completionTokens: answer.usage?.completion_tokens ?? 0,
    });
    return answer.choices?.[0]?.message?.content ?? '';
  } catch (error) {
    throw chatError(error);
  }
}
