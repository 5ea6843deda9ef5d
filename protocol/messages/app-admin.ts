import type { Catalog } from './index';

/** Messages of the applications admin page's server checks (server/platform/app-edit.ts). */
export const appAdmin: Catalog = {
  'app.fieldFixed': { zh: '字段 {{key}} 不允许修改', en: 'Field {{key}} cannot be changed' },
  'app.flagInvalid': { zh: '字段 {{key}} 只能是 0 或 1', en: 'Field {{key}} must be 0 or 1' },
  'app.rotateInvalid': {
    zh: '水印角度须为 -{{max}} 到 {{max}} 之间的整数',
    en: 'The watermark angle must be a whole number from -{{max}} to {{max}}',
  },
  'app.configNotObject': {
    zh: '{{field}} 必须是 JSON 对象',
    en: '{{field}} must be a JSON object',
  },
  'app.configUnknownKey': {
    zh: '{{field}} 不支持配置项 {{key}}（可用：{{allowed}}）',
    en: '{{field}} has no setting {{key}} (allowed: {{allowed}})',
  },
  'app.configInvalid': {
    zh: '{{field}} 的 {{key}} 取值无效（应为：{{hint}}）',
    en: 'The value of {{key}} in {{field}} is not valid (expected: {{hint}})',
  },
  'app.bucketRequired': {
    zh: '上传位置为云存储（2）时必须填写 bucket',
    en: 'A bucket is required when the upload position is cloud storage (2)',
  },
};
