/**
 * What 提交审批 does when clicked (runtime/actions/submit-approval.ts registers it): fetched on the
 * first click, so the list page's first paint carries only the action's name and params.
 */
import '../../protocol/messages/late';
import { isSuccess } from '../../protocol/codes';
import { need } from './define';
import { failureMessage, thrownMessage } from './result-message';
import type { ActionContext } from './types';

export async function submitForApproval(ctx: ActionContext): Promise<boolean> {
  const request = need(ctx, 'request');
  if (!request || ctx.id === undefined) return false;
  const { module } = ctx.params as { module: string };
  if (!(await ctx.ui.confirm({ title: ctx.ui.t('flows.ui.submitConfirm'), content: '' }))) return false;
  try {
    const result = await request({ method: 'POST', url: 'flows/start', body: { module, recordId: ctx.id } });
    if (!isSuccess(result.code)) {
      ctx.ui.warning(failureMessage(result, [], ctx.ui.lang));
      return false;
    }
  } catch (error) {
    ctx.ui.warning(thrownMessage(error, ctx.ui.lang));
    return false;
  }
  ctx.ui.success(ctx.ui.t('flows.ui.submitted'));
  await ctx.host.refresh?.();
  return true;
}
