import type { Catalog } from './index';

/**
 * Page-schema problems (runtime/core/schema/issues.ts): parse, version, meta-schema and
 * cross-reference issues. Each SchemaIssue carries its code and both texts, so a designer can show
 * it beside the node its pointer names and the server can answer it without a lookup.
 */
export const schema: Catalog = {
  'schema.notJson': { zh: '不是有效的 JSON：{{detail}}', en: 'Not valid JSON: {{detail}}' },
  'schema.tooLarge': {
    zh: '页面配置过大：{{bytes}} 字节，上限 {{max}} 字节',
    en: 'The page schema is too large: {{bytes}} bytes, at most {{max}}',
  },
  'schema.tooDeep': {
    zh: '页面配置嵌套过深（超过 {{max}} 层，位置 {{position}}）',
    en: 'The page schema nests deeper than {{max}} levels (at character {{position}})',
  },
  'schema.notObject': { zh: '页面配置必须是一个 JSON 对象', en: 'A page schema must be a JSON object' },
  'schema.versionInvalid': {
    zh: 'schemaVersion 必须是不小于 1 的整数',
    en: 'schemaVersion must be an integer of at least 1',
  },
  'schema.versionTooNew': {
    zh: 'schemaVersion {{version}} 比本平台支持的最新版本 {{latest}} 更新，请升级平台',
    en: 'schemaVersion {{version}} is newer than the latest this platform knows ({{latest}}): upgrade the platform',
  },
  'schema.migrationFailed': {
    zh: '从版本 {{from}} 迁移到 {{to}} 失败：{{detail}}',
    en: 'Migrating from version {{from}} to {{to}} failed: {{detail}}',
  },
  'schema.required': { zh: '缺少必填项 {{property}}', en: '{{property}} is required' },
  'schema.additionalProperty': {
    zh: '不允许的属性 {{property}}',
    en: '{{property}} is not an allowed property',
  },
  'schema.type': { zh: '类型错误，应为 {{type}}', en: 'must be of type {{type}}' },
  'schema.enum': { zh: '取值必须是其中之一：{{allowed}}', en: 'must be one of: {{allowed}}' },
  'schema.const': { zh: '取值必须是 {{allowed}}', en: 'must be {{allowed}}' },
  'schema.pattern': { zh: '格式不正确（应匹配 {{pattern}}）', en: 'must match the pattern {{pattern}}' },
  'schema.expression': {
    zh: '不是有效的表达式',
    en: 'is not a valid expression (see runtime/core/expression)',
  },
  'schema.format': { zh: '格式不正确（{{format}}）', en: 'must be a valid {{format}}' },
  'schema.limit': { zh: '超出限制：{{detail}}', en: '{{detail}}' },
  'schema.oneOf': { zh: '不符合任何一种允许的写法：{{detail}}', en: 'matches no allowed form: {{detail}}' },
  'schema.invalid': { zh: '取值无效：{{detail}}', en: 'is invalid: {{detail}}' },
  'schema.moreIssues': {
    zh: '还有 {{count}} 个问题未列出',
    en: 'and {{count}} more issue(s) not listed',
  },
  'schema.keyInvalid': {
    zh: '字段标识 {{key}} 不能作为列名：须以字母开头，只含字母、数字和 _，最多 {{max}} 个字符',
    en: 'Field key {{key}} cannot name a column: a letter first, then letters, digits or _ (at most {{max}})',
  },
  'schema.keyReserved': {
    zh: '字段标识 {{key}} 是 SQL 保留字，请换一个',
    en: 'Field key {{key}} is an SQL reserved word: choose another',
  },
  'schema.duplicateKey': {
    zh: '字段标识 {{key}} 重复（已在 {{first}} 使用）',
    en: 'Field key {{key}} is used twice (first at {{first}})',
  },
  'schema.duplicateId': {
    zh: '字段 id {{id}} 重复（已在 {{first}} 使用）',
    en: 'Field id {{id}} is used twice (first at {{first}})',
  },
  'schema.unknownField': {
    zh: '{{property}} 引用的字段 {{key}} 不存在',
    en: '{{property}} names a field {{key}} that does not exist',
  },
  'schema.unknownDict': { zh: '字典 {{code}} 不存在', en: 'Dictionary {{code}} does not exist' },
  'schema.unknownTable': { zh: '数据表 {{table}} 不存在', en: 'Table {{table}} does not exist' },
  'schema.unknownColumn': {
    zh: '数据表 {{table}} 没有列 {{column}}',
    en: 'Table {{table}} has no column {{column}}',
  },
};
