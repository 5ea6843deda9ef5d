/**
 * 提交审批: submits the row's record to its module's approval flow (server/flows, docs/workflow.md).
 * The module is the button's `params.module` (the list's table key); the server checks the rest —
 * a flow exists and is enabled, the record is not already in approval, every step has approvers —
 * and its refusal is shown as it says. Success shows 已提交审批 and refreshes the rows. The run
 * itself is fetched on the first click (submit-approval-run.ts): the first page's budget.
 */
import { defineScreenAction } from './define';

export const submitApprovalAction = defineScreenAction({
  type: 'submitApproval',
  title: { zh: '提交审批', en: 'Submit for approval' },
  params: {
    type: 'object',
    required: ['module'],
    properties: { module: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$' } },
    additionalProperties: false,
  },
  run: (ctx) => import('./submit-approval-run').then((m) => m.submitForApproval(ctx)),
});
