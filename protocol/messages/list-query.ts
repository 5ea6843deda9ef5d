import type { Catalog } from './index';

/** The list-query contract and SQL mode (server/common/query, execute-sql.ts). */
export const listQuery: Catalog = {
  'listQuery.range': {
    zh: '{{key}} 必须是 1 到 {{max}} 之间的整数',
    en: '{{key}} must be a whole number from 1 to {{max}}',
  },
  'listQuery.joinOn': {
    zh: '{{key}} 必须是两个字段名，如 ["customer_id", "id"] 或 "customer_id=id"',
    en: '{{key}} must name two fields, as ["customer_id", "id"] or "customer_id=id"',
  },
  'listQuery.unknownTable': { zh: '不存在或无权访问的表：{{name}}', en: 'No such table, or not readable: {{name}}' },
  'listQuery.unknownAggregate': { zh: '不支持的聚合函数：{{fn}}', en: 'Unsupported aggregate: {{fn}}' },
  'listQuery.duplicateOutput': { zh: '返回字段名重复：{{key}}', en: 'Two output columns are named {{key}}' },
  'listQuery.groupsWithJoins': { zh: '分组查询暂不支持关联表', en: 'Groups cannot be combined with joins' },
  'listQuery.treeWithGroups': { zh: '树形数据不能与分组同时使用', en: 'parentKey cannot be combined with groups' },
  'listQuery.nulCharacter': {
    zh: '字段 {{key}} 含有不允许的空字符 (\\u0000)',
    en: 'Field {{key}} contains a NUL character (\\u0000), which is not allowed',
  },
  'listQuery.loneSurrogate': {
    zh: '字段 {{key}} 含有不成对的代理字符（无效的 Unicode，如 \\uD800）',
    en: 'Field {{key}} contains a lone surrogate (invalid Unicode such as \\uD800), which is not allowed',
  },
  'sql.adminOnly': { zh: '只有管理员可以执行 SQL', en: 'Only administrators may run SQL' },
  'sql.invalid': { zh: 'SQL 语法错误或不受支持：{{reason}}', en: 'The SQL is invalid or not supported: {{reason}}' },
  'sql.syntax': {
    zh: 'SQL 语法错误：第 {{line}} 行第 {{column}} 列，“{{near}}” 附近',
    en: 'SQL syntax error at line {{line}}, column {{column}}, near "{{near}}"',
  },
  'sql.syntaxAtEnd': {
    zh: 'SQL 语法错误：第 {{line}} 行第 {{column}} 列，语句不完整',
    en: 'SQL syntax error at line {{line}}, column {{column}}: the statement is incomplete',
  },
  'sql.tooDeep': {
    zh: 'SQL 括号嵌套过深（最多 {{max}} 层）：第 {{line}} 行第 {{column}} 列',
    en: 'SQL brackets nest too deep (at most {{max}}): line {{line}}, column {{column}}',
  },
  'sql.syntaxNoPosition': { zh: 'SQL 语法错误', en: 'SQL syntax error' },
  'sql.onlySelect': { zh: '只允许执行一条 SELECT 语句', en: 'Only one SELECT statement is allowed' },
  'sql.forbiddenTable': { zh: 'SQL 中不能使用该表：{{name}}', en: 'This table cannot be used in SQL: {{name}}' },
  'sql.forbiddenFunction': {
    zh: 'SQL 中不能使用该函数：{{name}}',
    en: 'This function cannot be used in SQL: {{name}}',
  },
  'sql.forbiddenClause': { zh: 'SQL 中不能使用：{{name}}', en: 'Not allowed in SQL: {{name}}' },
  'sql.failed': { zh: 'SQL 执行失败或超时', en: 'The SQL failed or took too long' },
  'sql.timeout': {
    zh: 'SQL 执行超时（超过 {{seconds}} 秒），已被停止',
    en: 'The SQL ran longer than {{seconds}} s and was stopped',
  },
};
