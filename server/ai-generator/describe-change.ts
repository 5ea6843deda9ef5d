/**
 * One "describe a change" request of the form designer (docs/ai.md "Describe a change"): the stored
 * schema and the admin's sentence go to the model, which answers a patch (change-patch.ts); the
 * patch is checked (describe-check.ts) and its problems sent back for at most MAX_REPAIRS repair
 * rounds, like the app generator. The answer is the patched schema, the operations and a summary;
 * nothing is saved — the designer applies the operations when the admin accepts, and saves as usual.
 * Each request is a row of ai_app_generation (type "describe"): prompt, rounds, outcome, and what
 * the hourly limit counts.
 */
import { translate } from '../../protocol/messages';
import type { Lang } from '../../protocol/constants';
import type { Transaction } from 'kysely';
import type { TokenUsage } from '../ai/billing';
import type { ChatMessage, ChatTarget } from '../ai/provider';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import type { OutboundPolicy } from '../net/outbound';
import { changePatchJsonSchema, type ChangePatch } from '../../runtime/core/schema/change-patch';
import type { CrossReferenceContext } from '../../runtime/core/schema/cross-reference';
import { openRequestRow } from './request-row';
import { checkChange } from './describe-check';
import { MAX_REPAIRS } from './generate';
import type { PlanProblem } from './plan-check';

export const DESCRIBE_TYPE = 'describe';
/** The stored schema sent to the model is capped: a page past this is refused, not truncated. */
export const MAX_SCHEMA_CHARS = 60_000;

export interface DescribeRequest {
  appId: string;
  userId: string;
  lang: Lang;
  moduleId: string;
  table: string;
  /** The stored head schema (never one from the browser). */
  schema: unknown;
  prompt: string;
  refs: CrossReferenceContext;
}

export interface DescribeAnswer extends ChangePatch {
  schema: unknown;
  repairs: number;
}

export function describeSystemPrompt(schema: unknown): string {
  return [
    'You edit one page schema of a low-code admin platform. Answer with ONE JSON object only: a patch',
    '{"summary": {"zh", "en"}, "operations": [...]} whose operations name fields and nodes by "key":',
    '  add: {"op":"add","field":{"key","type","title":{"zh","en"}, ...},"after"|"before": key, or "into": a container key}',
    '  update: {"op":"update","key","set":{property: value},"unset":[property]}',
    '  remove: {"op":"remove","key"}   move: {"op":"move","key","after"|"before": key}',
    'A new key is unique in the page, a letter then letters, digits or _. Validation: "required", and',
    '"rule_pattern" (a regular expression) with "rule_message" {"zh","en"}. Change only what is asked.',
    'Never put SQL, HTML or script in any text.',
    `The JSON schema of the patch: ${JSON.stringify(changePatchJsonSchema())}`,
    `The current page schema: ${JSON.stringify(schema)}`,
  ].join('\n');
}

export function describeRepairPrompt(problems: PlanProblem[]): string {
  return [
    'The patch has these problems (JSON pointer: problem):',
    ...problems.map((p) => `${p.pointer || '/'}: ${p.message}`),
    'Answer the whole corrected patch as one JSON object.',
  ].join('\n');
}

export async function describeChange(
  deps: {
    ctx: ServerContext;
    table: string;
    target: ChatTarget;
    policy: OutboundPolicy;
    /** Charges the tokens of every round (billing.ts) in the transaction that marks the request done. */
    charge?: (usage: TokenUsage, trx: Transaction<any>, requestId: string) => Promise<unknown>;
  },
  request: DescribeRequest,
): Promise<DescribeAnswer> {
  const { ctx, table } = deps;
  const stored = JSON.stringify(request.schema);
  if (stored.length > MAX_SCHEMA_CHARS) throw badRequest('aiDescribe.tooLarge');
  const row = await openRequestRow(ctx, table, deps.target, {
    appId: request.appId,
    userId: request.userId,
    type: DESCRIBE_TYPE,
    prompt: request.prompt,
  });
  try {
    const messages: ChatMessage[] = [
      { role: 'system', content: describeSystemPrompt(request.schema) },
      { role: 'user', content: request.prompt },
    ];
    const format = { name: 'schema_change', schema: changePatchJsonSchema() };
    for (;;) {
      const answer = await row.ask(messages, { policy: deps.policy, format });
      const verdict = checkChange(answer, request.schema, request.table, request.refs);
      if (verdict.ok) {
        await ctx.db.db.transaction().execute(async (trx) => {
          await row.finish({ status: 'done', result_app_id: request.moduleId }, trx);
          await deps.charge?.(row.used, trx, row.id);
        });
        return { ...verdict.patch, schema: verdict.schema, repairs: row.repairs };
      }
      if (row.repairs >= MAX_REPAIRS) {
        const first = verdict.problems[0];
        const text = first ? `${first.pointer || '/'}: ${first.message}` : '';
        throw badRequest('aiDescribe.invalid', { rounds: row.repairs, first: text.slice(0, 200) });
      }
      row.repairs += 1;
      messages.push(
        { role: 'assistant', content: answer.slice(0, 60_000) },
        { role: 'user', content: describeRepairPrompt(verdict.problems) },
      );
    }
  } catch (caught) {
    const error =
      caught instanceof ApiError
        ? caught
        : Object.assign(badRequest('aiDescribe.failed', { reason: translate(request.lang, 'error.dataOperation') }), {
            cause: caught,
          });
    const reason = translate(request.lang, error.key, error.vars);
    await row.finish({ status: 'failed', reason: reason.slice(0, 500) }).catch(() => undefined);
    throw error;
  }
}
