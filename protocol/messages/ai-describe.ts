import type { Catalog } from './index';

/** Messages of the form designer's "describe a change" (server/ai-generator/describe-*, designer/react/DescribePanel). */
export const aiDescribe: Catalog = {
  'aiDescribe.button': { zh: '描述修改', en: 'Describe a change' },
  'aiDescribe.title': { zh: '用一句话描述修改', en: 'Describe a change in a sentence' },
  'aiDescribe.placeholder': {
    zh: '例如：在客户名称后面加一个联系电话，校验手机号',
    en: 'For example: add a contact phone with mobile validation after the customer name',
  },
  'aiDescribe.send': { zh: '发送', en: 'Send' },
  'aiDescribe.asking': { zh: '正在询问模型并校验修改…', en: 'Asking the model and checking the change…' },
  'aiDescribe.accept': { zh: '接受修改', en: 'Accept' },
  'aiDescribe.discard': { zh: '放弃', en: 'Discard' },
  'aiDescribe.legend': {
    zh: '画布上：绿色为新增，橙色为修改或移动，红色为删除',
    en: 'On the canvas: green added, amber changed or moved, red removed',
  },
  'aiDescribe.mark.added': { zh: '新增', en: 'Added' },
  'aiDescribe.mark.changed': { zh: '修改', en: 'Changed' },
  'aiDescribe.mark.removed': { zh: '删除', en: 'Removed' },
  'aiDescribe.repairs': { zh: '模型经过 {{count}} 次修正', en: 'The model needed {{count}} repair round(s)' },
  'aiDescribe.aiWarning': {
    zh: '修改由 AI 生成，请核对后再接受',
    en: 'The change is AI-generated; check it before you accept',
  },
  'aiDescribe.saveFirst': {
    zh: '该模块尚未保存过版本，请先保存',
    en: 'This module has no saved version yet; save it first',
  },
  'aiDescribe.contentRequired': { zh: '请描述要做的修改', en: 'Describe the change to make' },
  'aiDescribe.busy': {
    zh: '上一个修改请求仍在处理中，请稍候',
    en: 'The previous change request is still running; wait for it',
  },
  'aiDescribe.rateLimited': {
    zh: '请求过于频繁：每小时最多 {{max}} 次，请稍后再试',
    en: 'Too many requests: at most {{max}} an hour; try again later',
  },
  'aiDescribe.tooLarge': {
    zh: '页面配置过大，无法交给模型修改',
    en: 'The page schema is too large to send to the model',
  },
  'aiDescribe.invalid': {
    zh: '模型 {{rounds}} 次修正后修改仍不合格，未做任何更改（{{first}}）',
    en: 'The change was still invalid after {{rounds}} repair round(s); nothing was changed ({{first}})',
  },
  'aiDescribe.failed': { zh: '修改请求失败：{{reason}}', en: 'The change request failed: {{reason}}' },
};
