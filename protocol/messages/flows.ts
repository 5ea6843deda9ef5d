import type { Catalog } from './index';

/** Messages of approval flows and to-dos (server/flows, the flow and backlog pages, docs/workflow.md). */
export const flows: Catalog = {
  'flows.moduleMissing': { zh: '模块 {{module}} 不存在', en: 'The module {{module}} does not exist' },
  'flows.moduleTaken': { zh: '模块 {{module}} 已有审批流程', en: 'The module {{module}} already has a flow' },
  'flows.moduleFixed': { zh: '流程所属模块不能修改', en: 'The module of a flow cannot be changed' },
  'flows.savedMeanwhile': {
    zh: '流程已被他人修改，请刷新后重试',
    en: 'Someone else saved this flow meanwhile: reload and try again',
  },
  'flows.conditionInvalid': { zh: '第 {{step}} 步的条件表达式无效', en: 'The condition of step {{step}} is not valid' },
  'flows.fieldUnknown': {
    zh: '第 {{step}} 步的可编辑字段 {{field}} 不存在',
    en: 'Step {{step}}: the editable field {{field}} does not exist',
  },
  'flows.approverMissing': {
    zh: '第 {{step}} 步的审批人不存在',
    en: 'Step {{step}}: the approver does not exist',
  },
  'flows.noFlow': { zh: '该模块没有启用的审批流程', en: 'This module has no enabled approval flow' },
  'flows.alreadyRunning': { zh: '该记录正在审批中', en: 'This record is already in approval' },
  'flows.noApprovers': {
    zh: '步骤“{{step}}”没有可用的审批人，无法提交',
    en: 'Step "{{step}}" has nobody who can approve it: the record cannot be submitted',
  },
  'flows.todoMissing': { zh: '待办不存在', en: 'The to-do does not exist' },
  'flows.notApprover': { zh: '您不是该待办的审批人', en: 'You are not the approver of this to-do' },
  'flows.alreadyHandled': { zh: '您已处理过该待办', en: 'You have already handled this to-do' },
  'flows.handledByOther': { zh: '该待办已被他人处理', en: 'Someone else has already handled this to-do' },
  'flows.notRunning': { zh: '该审批已结束', en: 'This approval has already ended' },
  'flows.notStarter': { zh: '只有提交人可以撤回', en: 'Only the person who submitted it can withdraw it' },
  'flows.returnInvalid': { zh: '只能退回到之前的步骤', en: 'You can only return it to an earlier step' },
  'flows.transferInvalid': {
    zh: '不能转交给该用户',
    en: 'The to-do cannot be transferred to this user',
  },
  'flows.fieldLocked': {
    zh: '审批中不能修改字段 {{field}}',
    en: 'The field {{field}} cannot be changed while the record is in approval',
  },
  'flows.recordInApproval': {
    zh: '该记录正在审批中，不能修改或删除',
    en: 'This record is in approval: it cannot be changed or deleted',
  },
  'flows.rejectedNotice': {
    zh: '您提交的“{{title}}”被驳回：{{comment}}',
    en: 'Your "{{title}}" was rejected: {{comment}}',
  },
};
