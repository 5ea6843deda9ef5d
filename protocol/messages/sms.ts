import type { Catalog } from './index';

/** Messages of the sms page (server/sms/admin-*.ts, docs/sms.md). */
export const sms: Catalog = {
  'sms.providerTaken': {
    zh: '短信服务商 {{provider}} 已配置，请编辑原配置',
    en: 'The SMS provider {{provider}} is already configured: edit that one',
  },
  'sms.sceneTaken': {
    zh: '场景 {{scene}} 已有模板，请编辑原模板',
    en: 'The scene {{scene}} already has a template: edit that one',
  },
  'sms.secretRequired': {
    zh: '请填写 AccessKey Secret',
    en: 'The AccessKey secret is required',
  },
  'sms.secretUnreadable': {
    zh: 'AccessKey Secret 无法解密（服务器密钥已更换），请重新填写',
    en: 'The AccessKey secret cannot be opened (the server key changed): enter it again',
  },
  'sms.endpointInvalid': {
    zh: '接口地址须为 http(s) 源地址，例如 https://dysmsapi.aliyuncs.com',
    en: 'The endpoint must be an http(s) origin, e.g. https://dysmsapi.aliyuncs.com',
  },
  'sms.templateCodeInvalid': {
    zh: '模板编号只能包含字母、数字、_ 和 -',
    en: 'The template code may hold only letters, digits, _ and -',
  },
  'sms.accessKeyIdInvalid': {
    zh: 'AccessKey ID 只能包含字母和数字',
    en: 'The AccessKey ID may hold only letters and digits',
  },
  'sms.notConfigured': {
    zh: '尚未配置短信服务商',
    en: 'No SMS provider is configured yet',
  },
  'sms.noTestMobile': {
    zh: '请先在服务商配置中填写测试手机号',
    en: 'Set a test mobile number in the provider settings first',
  },
  'sms.testSent': {
    zh: '测试短信已发送至 {{mobile}}（服务商返回 {{answer}}）',
    en: 'Test SMS sent to {{mobile}} (provider answered {{answer}})',
  },
  'sms.testFailed': {
    zh: '测试短信发送失败，服务商返回 {{answer}}',
    en: 'The test SMS failed: the provider answered {{answer}}',
  },
};
