/**
 * One "AI create app" request, start to end (docs/ai.md "App generator"): ask the model for a
 * plan, check it, send the problems back for at most MAX_REPAIRS repair rounds, pick a free app
 * identifier, build. Each step is a progress message on the requester's stream, in their language;
 * the last is "creation complete" — or, on failure, an error message with the reason, with nothing
 * of the app left behind. The request row (prompt, rounds, outcome) is kept either way.
 * The tokens of every round are added up and charged (deps.charge, billing.ts) in the transaction
 * that marks the request done; a request that built no app is not charged (the caller releases).
 */
import { translate } from '../../protocol/messages';
import { COMPLETE_KEY } from '../../protocol/ai-generator';
import type { Lang } from '../../protocol/constants';
import { isSqlReservedWord } from '../../protocol/sql-identifiers';
import type { Transaction } from 'kysely';
import type { TokenUsage } from '../ai/billing';
import type { ChatMessage, ChatTarget } from '../ai/provider';
import type { ServerContext } from '../context';
import { ApiError, badRequest } from '../errors';
import type { OutboundPolicy } from '../net/outbound';
import { repairPrompt, systemPrompt } from './ask-model';
import { buildApp } from './build';
import { openRequestRow } from './request-row';
import { checkPlan, type PlanProblem } from './plan-check';

export const MAX_REPAIRS = 3;

export interface GenerationRequest {
  appId: string;
  userId: string;
  lang: Lang;
  type: string;
  prompt: string;
  mobile: string;
  password: string;
  encrypt: boolean;
}

export interface GenerationDeps {
  ctx: ServerContext;
  table: string;
  target: ChatTarget;
  policy: OutboundPolicy;
  /** Sends one progress text (or the failure) to the requester's stream. */
  send: (kind: 'text' | 'error', text: string) => Promise<void>;
  /** Charges the tokens used, inside the transaction that marks the request done. */
  charge?: (usage: TokenUsage, trx: Transaction<any>, generationId: string) => Promise<unknown>;
}

/** A free identifier for the new app: the plan's, else with _2, _3… (never another app's). */
async function freeIdentify(ctx: ServerContext, wanted: string): Promise<string> {
  const base = isSqlReservedWord(wanted) ? `${wanted}_app` : wanted;
  for (let n = 1; n < 100; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, 17)}_${n}`;
    const taken = await ctx.db.db
      .selectFrom(ctx.tables.app)
      .select('id')
      .where('identify', '=', candidate)
      .executeTakeFirst();
    if (!taken) return candidate;
  }
  throw badRequest('aiGen.buildFailed', { reason: 'no free identifier' });
}

export async function generateApp(
  deps: GenerationDeps,
  request: GenerationRequest,
): Promise<{ identify: string; appId: string }> {
  const { ctx, table } = deps;
  const t = (key: string, vars?: Record<string, unknown>) => translate(request.lang, key, vars);
  const say = (key: string, vars?: Record<string, unknown>) => deps.send('text', t(key, vars));
  const row = await openRequestRow(ctx, table, deps.target, {
    appId: request.appId,
    userId: request.userId,
    type: request.type,
    prompt: request.prompt,
  });
  try {
    await say('aiGen.step.asking');
    const messages: ChatMessage[] = [
      { role: 'system', content: systemPrompt() },
      { role: 'user', content: request.prompt },
    ];
    let problems: PlanProblem[] = [];
    for (;;) {
      const answer = await row.ask(messages, { policy: deps.policy });
      const verdict = checkPlan(answer, ctx.config.tablePrefix);
      if (verdict.ok) {
        const identify = await freeIdentify(ctx, verdict.plan.app.identify);
        await say('aiGen.step.checked', { tables: verdict.modules.length, identify });
        const appId = await buildApp(
          ctx,
          {
            plan: verdict.plan,
            modules: verdict.modules,
            identify,
            mobile: request.mobile,
            password: request.password,
            encrypt: request.encrypt,
            prompt: request.prompt,
          },
          (key, vars) => say(key, vars),
        );
        await ctx.db.db.transaction().execute(async (trx) => {
          await row.finish({ status: 'done', result_app_id: appId, result_identify: identify }, trx);
          await deps.charge?.(row.used, trx, row.id);
        });
        await say(COMPLETE_KEY);
        return { identify, appId };
      }
      problems = verdict.problems;
      if (row.repairs >= MAX_REPAIRS) {
        const first = problems[0] ? `${problems[0].pointer || '/'}: ${problems[0].message}` : '';
        throw badRequest('aiGen.planInvalid', { rounds: row.repairs, first: first.slice(0, 200) });
      }
      row.repairs += 1;
      await say('aiGen.step.repair', { round: row.repairs, count: problems.length });
      messages.push(
        { role: 'assistant', content: answer.slice(0, 60_000) },
        { role: 'user', content: repairPrompt(problems) },
      );
    }
  } catch (caught) {
    const error =
      caught instanceof ApiError
        ? caught
        : // A database or network failure: logged by the caller, told without its internals.
          Object.assign(badRequest('aiGen.buildFailed', { reason: t('error.dataOperation') }), { cause: caught });
    const reason = t(error.key, error.vars);
    await row.finish({ status: 'failed', reason: reason.slice(0, 500) }).catch(() => undefined);
    await deps.send('error', t('aiGen.failed', { reason })).catch(() => undefined);
    throw error;
  }
}
