import type { Catalog } from './index';

/** Messages of the REST data sources (the api page, server/api-sources, docs/api-sources.md). */
export const apiSources: Catalog = {
  'apiSource.nameTaken': { zh: '接口名称 {{name}} 已存在', en: 'A data source named {{name}} already exists' },
  'apiSource.nameInvalid': {
    zh: '接口名称须以字母开头，只含字母、数字、_ 和 -，最多 64 个字符',
    en: 'The name must start with a letter and hold only letters, digits, _ and - (at most 64 characters)',
  },
  'apiSource.jsonObject': {
    zh: '{{field}} 必须是 JSON 对象',
    en: '{{field}} must be a JSON object',
  },
  'apiSource.headerInvalid': {
    zh: '请求头 {{name}} 不允许配置（名称无效或由服务器设置）',
    en: 'The header {{name}} cannot be configured (an invalid name, or one the server sets)',
  },
  'apiSource.headerValue': {
    zh: '请求头 {{name}} 的值必须是一行文本',
    en: 'The value of header {{name}} must be one line of text',
  },
  'apiSource.templateValue': {
    zh: '{{field}} 中 {{key}} 的值必须是文本、数字或布尔值',
    en: 'In {{field}}, the value of {{key}} must be text, a number or a boolean',
  },
  'apiSource.authNameRequired': {
    zh: '{{type}} 认证需要填写名称（用户名或参数名）',
    en: '{{type}} authentication needs a name (the user name or the parameter name)',
  },
  'apiSource.secretRequired': {
    zh: '{{type}} 认证需要填写密钥',
    en: '{{type}} authentication needs a secret',
  },
  'apiSource.rowsPathInvalid': {
    zh: '数据路径须为用 . 分隔的字段名或下标，例如 data.list',
    en: 'The rows path must be field names or indexes separated by dots, e.g. data.list',
  },
  'apiSource.totalPathInvalid': {
    zh: '总数路径须为用 . 分隔的字段名或下标，例如 data.total',
    en: 'The total path must be field names or indexes separated by dots, e.g. data.total',
  },
  'apiSource.notFound': { zh: '接口 {{name}} 不存在', en: 'There is no data source named {{name}}' },
  'apiSource.secretUnreadable': {
    zh: '接口 {{name}} 的密钥无法解密（服务器密钥已更换），请重新填写密钥',
    en: 'The secret of {{name}} cannot be decrypted (the server key changed): enter the secret again',
  },
  'apiSource.notJson': {
    zh: '上游返回的不是 JSON（HTTP {{status}}）',
    en: 'The upstream did not answer JSON (HTTP {{status}})',
  },
  'apiSource.upstreamStatus': {
    zh: '上游返回 HTTP {{status}}',
    en: 'The upstream answered HTTP {{status}}',
  },
  'apiSource.rowsNotList': {
    zh: '按数据路径 {{path}} 取到的不是列表',
    en: 'The rows path {{path}} does not lead to a list',
  },
  'apiSource.totalNotNumber': {
    zh: '按总数路径 {{path}} 取到的不是数字',
    en: 'The total path {{path}} does not lead to a number',
  },
  'apiSource.testResult': {
    zh: 'HTTP {{status}}，耗时 {{ms}} 毫秒，{{rows}} 行',
    en: 'HTTP {{status}} in {{ms}} ms, {{rows}} rows',
  },
};
