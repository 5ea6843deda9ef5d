/**
 * 提交审批: submits the row's record to its module's approval flow (server/flows, docs/workflow.md).
 * The module is the button's `params.module` (the list's table key); the server checks the rest —
 * a flow exists and is enabled, the record is not already in approval, every step has approvers —
 * and its refusal is shown as it says. Success shows 已提交审批 and refreshes the rows.
 */
import { isSuccess } from '../../protocol/codes';
import { defineScreenAction, need } from './define';
import { failureMessage, thrownMessage } from './result-message';

export const submitApprovalAction = defineScreenAction({
  type: 'submitApproval',
  title: { zh: '提交审批', en: 'Submit for approval' },
  params: {
    type: 'object',
    required: ['module'],
    properties: { module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } },
    additionalProperties: false,
  },
  async run(ctx) {
    const request = need(ctx, 'request');
    if (!request || ctx.id === undefined) return false;
    const { module } = ctx.params as { module: string };
    if (!(await ctx.ui.confirm({ title: ctx.ui.t('runtime.action.submitApprovalConfirm'), content: '' }))) return false;
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
    ctx.ui.success(ctx.ui.t('runtime.action.submittedForApproval'));
    await ctx.host.refresh?.();
    return true;
  },
});
