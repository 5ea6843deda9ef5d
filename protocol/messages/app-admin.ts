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
  'app.ipListInvalid': {
    zh: 'IP 白名单中的 {{entry}} 不是有效的 IP 地址或 CIDR 网段',
    en: '{{entry}} in the IP allow list is not a valid IP address or CIDR range',
  },
  'app.ipListTooLong': {
    zh: 'IP 白名单最多 {{max}} 项',
    en: 'The IP allow list holds at most {{max}} entries',
  },
  'app.ipListSelfLockout': {
    zh: 'IP 白名单不包含您当前的 IP（{{ip}}），保存后您将无法访问本应用',
    en: 'The IP allow list does not include your own address ({{ip}}): saving it would lock you out',
  },
  'app.imageUrlInvalid': {
    zh: '{{field}} 须为 http(s) 地址、以 / 开头的站内路径或 data:image 图片',
    en: '{{field}} must be an http(s) URL, a site path starting with / or a data:image picture',
  },
};
