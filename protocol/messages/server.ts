import type { Catalog } from './index';

/**
 * Messages of the server: sign-in, request checks and the common API. The duplicate-entry and
 * missing-table texts are the same in both languages on purpose: the client recognises them by
 * "Duplicate entry" / "doesn't exist" (platform-shell §8) and shows its own translated warning.
 */
export const server: Catalog = {
  'server.ok': { zh: '操作成功', en: 'OK' },
  'server.duplicateEntry': {
    zh: "Duplicate entry '{{value}}' for key '{{field}}'",
    en: "Duplicate entry '{{value}}' for key '{{field}}'",
  },
  'server.tableMissing': { zh: "Table '{{name}}' doesn't exist", en: "Table '{{name}}' doesn't exist" },
  'server.bodyNotObject': { zh: '请求数据必须是 JSON 对象', en: 'The request body must be a JSON object' },
  'server.bodyTooLarge': { zh: '请求数据过大', en: 'The request is too large' },
  'server.unknownField': { zh: '不存在的字段：{{key}}', en: 'Unknown field: {{key}}' },
  'server.invalidValue': { zh: '字段 {{key}} 的值格式错误', en: 'The value of field {{key}} is not valid' },
  'server.tooLong': { zh: '字段 {{key}} 的长度不能超过 {{max}}', en: 'Field {{key}} may not be longer than {{max}}' },
  'server.fieldRequired': { zh: '{{title}}不能为空', en: '{{title}} is required' },
  'server.wrongType': { zh: '字段 {{key}} 应为{{type}}', en: 'Field {{key}} must be {{type}}' },
  'server.unknownRule': { zh: '不支持的查询规则：{{rule}}', en: 'Unsupported query rule: {{rule}}' },
  'server.unsupported': { zh: '暂不支持该参数：{{key}}', en: 'This parameter is not supported yet: {{key}}' },
  'server.invalidIds': { zh: '请提供要删除的数据 id 列表', en: 'Provide the list of ids to delete' },
  'server.tooMany': { zh: '{{key}} 最多 {{max}} 项', en: '{{key}} may hold at most {{max}} items' },
  'server.readOnlyTable': {
    zh: '该数据表不能通过此接口修改',
    en: 'This table cannot be changed through this interface',
  },
  'server.envelopeRequired': {
    zh: '该应用要求加密传输，请求未加密',
    en: 'This application requires encrypted requests',
  },
  'server.auth.failed': { zh: '账号或密码错误', en: 'Wrong account or password' },
  'server.auth.captchaWrong': {
    zh: '验证码错误或已过期，请重新输入',
    en: 'The picture code is wrong or has expired, please try again',
  },
  'server.auth.disabled': {
    zh: '账号已停用，请联系管理员',
    en: 'This account is disabled, please contact the administrator',
  },
  'server.auth.slowDown': {
    zh: '登录失败次数过多，请 {{seconds}} 秒后再试',
    en: 'Too many failed sign-ins, please try again in {{seconds}} seconds',
  },
  'server.auth.busy': { zh: '登录请求过多，请稍后再试', en: 'Too many sign-in attempts, please try again later' },
  'server.auth.tooManyAttempts': {
    zh: '登录失败次数过多，请 15 分钟后再试',
    en: 'Too many failed sign-ins, please try again in 15 minutes',
  },
};
