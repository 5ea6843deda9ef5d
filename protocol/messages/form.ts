import type { Catalog } from './index';

/** Form renderer and field widgets (building-blocks §5, platform-shell §5, ai-and-widgets §3). */
export const form: Catalog = {
  'form.required': { zh: '{{title}}不能为空', en: '{{title}} is required' },
  'form.patternInvalid': { zh: '数据格式错误', en: 'Invalid format' },
  'form.illegalCharacters': { zh: '请勿输入非法字符！', en: 'Please do not enter illegal characters!' },
  'form.urlInvalid': {
    zh: '请输入以 http:// 或 https:// 开头的网址',
    en: 'Enter a web address starting with http:// or https://',
  },
  'form.yes': { zh: '是', en: 'Yes' },
  'form.no': { zh: '否', en: 'No' },
  'form.rangeStart': { zh: '开始日期', en: 'Start date' },
  'form.rangeEnd': { zh: '结束日期', en: 'End date' },
};
