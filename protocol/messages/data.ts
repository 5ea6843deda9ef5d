import type { Catalog } from './index';

/**
 * Messages of export, import, template download and module-schema saving (issue 3). Row errors of
 * an import are short reasons; the client shows them after "第{row}行 {title}".
 */
export const data: Catalog = {
  'data.export.noFields': { zh: '请选择导出列', en: 'Select the columns to export' },
  'data.export.suffix': { zh: '导出', en: ' export' },
  'data.template.suffix': { zh: '模版', en: ' template' },
  'data.template.noFields': { zh: '请配置导入字段', en: 'Configure the import fields' },
  'data.template.required': { zh: '必填', en: 'required' },
  'data.richTextEncoding': {
    zh: '字段 {{key}} 不是有效的富文本编码（应为 URI 编码后再 base64 的 HTML）',
    en: 'Field {{key}} is not encoded rich text (base64 of URI-encoded HTML)',
  },
  'data.parentLoop': {
    zh: '上级不能是该记录自身或它的下级',
    en: 'The parent cannot be the record itself or one of its descendants',
  },
  'data.yes': { zh: '是', en: 'Yes' },
  'data.no': { zh: '否', en: 'No' },
  'data.import.ok': { zh: '成功导入 {{count}} 条数据', en: '{{count}} rows imported' },
  'data.import.failed': {
    zh: '导入失败，共 {{count}} 处错误：{{first}}',
    en: 'Import failed with {{count}} errors: {{first}}',
  },
  'data.import.rowError': { zh: '第{{row}}行【{{title}}】{{message}}', en: 'row {{row}}, {{title}}: {{message}}' },
  'data.import.noFile': { zh: '请选择要导入的文件', en: 'Choose a file to import' },
  'data.import.badType': { zh: '只能导入 xlsx 或 xls 文件', en: 'Only xlsx or xls files can be imported' },
  'data.import.corrupt': {
    zh: '文件已损坏或不是有效的 Excel 工作簿',
    en: 'The file is damaged or not a valid Excel workbook',
  },
  'data.import.encrypted': {
    zh: '不支持有密码保护的工作簿，请取消密码后再导入',
    en: 'Password-protected workbooks cannot be imported; remove the password first',
  },
  'data.import.tooLarge': { zh: '文件内容过大', en: 'The file content is too large' },
  'data.import.empty': { zh: '文件中没有数据', en: 'The file holds no data rows' },
  'data.import.tooManyRows': { zh: '每次最多导入 {{max}} 行数据', en: 'At most {{max}} rows can be imported at once' },
  'data.import.missingColumns': { zh: '表头缺少列：{{titles}}', en: 'The header row lacks the columns: {{titles}}' },
  'data.import.fieldsInvalid': { zh: '导入字段配置有误：{{key}}', en: 'The import field list is not valid: {{key}}' },
  'data.import.templateMissing': { zh: '导入模板不存在', en: 'The import template does not exist' },
  'data.importTemplate.badTable': {
    zh: '导入模板的模块「{{table}}」不存在',
    en: 'The import template names a module that does not exist: {{table}}',
  },
  'data.importTemplate.missingRequired': {
    zh: '导入模板的 {{listed}} 列缺少模块「{{table}}」的必填字段：{{keys}}（用它导入的每一行都会失败）',
    en: "The import template's {{listed}} columns lack required fields of the module {{table}}: {{keys}} (every import with it would fail)",
  },
  'data.importTemplate.badField': {
    zh: '模块「{{table}}」没有可导入的字段「{{key}}」',
    en: 'The module {{table}} has no importable field {{key}}',
  },
  'data.row.required': { zh: '不能为空', en: 'is required' },
  'data.row.pattern': { zh: '格式不正确', en: 'has the wrong format' },
  'data.row.duplicateDb': { zh: '“{{value}}”已存在', en: '"{{value}}" already exists' },
  'data.row.duplicateFile': { zh: '“{{value}}”与第{{other}}行重复', en: '"{{value}}" repeats row {{other}}' },
  'data.row.dict': { zh: '“{{value}}”不是有效的选项', en: '"{{value}}" is not one of the options' },
  'data.row.number': { zh: '“{{value}}”不是有效的数字', en: '"{{value}}" is not a number' },
  'data.row.integer': { zh: '“{{value}}”不是有效的整数', en: '"{{value}}" is not a whole number' },
  'data.row.date': { zh: '“{{value}}”不是有效的日期', en: '"{{value}}" is not a date' },
  'data.row.time': { zh: '“{{value}}”不是有效的时间（时:分:秒）', en: '"{{value}}" is not a time (HH:mm:ss)' },
  'data.row.json': { zh: '“{{value}}”不是有效的表格数据（JSON）', en: '"{{value}}" is not table rows (JSON)' },
  'data.row.boolean': { zh: '只能填写“是”或“否”', en: 'must be Yes or No' },
  'data.row.tooLong': { zh: '长度不能超过 {{max}}', en: 'may not be longer than {{max}}' },
  'data.row.illegalChars': { zh: '含有不可见的控制字符', en: 'holds invisible control characters' },
  'data.module.invalidSchema': { zh: '页面配置有误：{{issues}}', en: 'The page schema is not valid: {{issues}}' },
  'data.module.tableTaken': {
    zh: '数据表 {{table}} 已被其他模块使用',
    en: 'The table {{table}} is used by another module',
  },
  'data.module.tableFixed': {
    zh: '模块的数据表名不能修改',
    en: "A module's table name cannot be changed",
  },
  'data.module.versionMissing': { zh: '该版本不存在', en: 'This version does not exist' },
  'data.schema.conflict': {
    zh: '{{author}} 已于 {{time}} 保存了新的版本 {{version}}，请基于最新版本修改后再保存',
    en: '{{author}} saved version {{version}} at {{time}} since you opened it; reload and apply your change again',
  },
  'data.schema.confirmNeeded': {
    zh: '此次保存会停用这些字段的数据列：{{fields}}（数据保留，可回滚恢复），请确认后再保存',
    en: 'This save retires the columns of {{fields}} (their data is kept and a rollback restores them); confirm to save',
  },
  'data.schema.duplicates': {
    zh: '字段 {{field}} 已有重复的值（{{values}}），不能设为唯一',
    en: 'Field {{field}} already holds duplicate values ({{values}}), so it cannot be unique',
  },
  'data.schema.readOnlyTable': {
    zh: '{{table}} 保存的是页面配置，请通过页面配置接口保存',
    en: '{{table}} holds page schemas: save them through the schema API',
  },
  'data.schema.importInvalid': {
    zh: '导入文件不是有效的模块导出文件',
    en: 'The file is not a module export',
  },
};
