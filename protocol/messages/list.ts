import type { Catalog } from './index';

/**
 * Texts of the list page's dialogs and views (building-blocks §2, §5, §7): column show/hide, the
 * export column picker, the import dialog, the card and gantt views; and the prefs API's errors.
 */
export const list: Catalog = {
  'list.view.table': { zh: '表格', en: 'Table' },
  'list.view.card': { zh: '卡片', en: 'Cards' },
  'list.view.gantt': { zh: '甘特图', en: 'Gantt' },
  'list.gantt.today': { zh: '今日', en: 'Today' },
  'list.gantt.capped': {
    zh: '共 {{total}} 条，甘特图显示前 {{shown}} 条，请用查询条件缩小范围。',
    en: '{{total}} records: the gantt shows the first {{shown}}; narrow the search to see the rest.',
  },
  'list.gantt.week': { zh: '周', en: 'Week' },
  'list.gantt.month': { zh: '月', en: 'Month' },
  'list.gantt.loading': { zh: '正在加载甘特图', en: 'Loading the Gantt chart' },
  // Timeline headings: the week scale reads week over days, the month scale month over weeks.
  'list.gantt.monthTitle': { zh: '{{year}}年{{month}}月', en: '{{monthName}} {{year}}' },
  'list.gantt.weekTitle': {
    zh: '{{year}}年 第{{week}}周 · {{from}} - {{to}}',
    en: 'Week {{week}}, {{year}} · {{from}} - {{to}}',
  },
  'list.gantt.weekSpan': { zh: '{{from}} - {{to}}', en: '{{from}} - {{to}}' },
  'list.gantt.monthDay': { zh: '{{month}}/{{day}}', en: '{{monthName}} {{day}}' },
  'list.gantt.dayTitle': { zh: '{{day}} {{weekday}}', en: '{{weekday}} {{day}}' },
  'list.columns.button': { zh: '显隐列设置', en: 'Columns' },
  'list.columns.title': { zh: '显隐列设置', en: 'Show / hide columns' },
  'list.columns.name': { zh: '列名', en: 'Column' },
  'list.columns.hidden': { zh: '是否隐藏', en: 'Hidden' },
  'list.columns.saveFailed': {
    zh: '列设置保存失败：{{message}}',
    en: 'Could not save the column settings: {{message}}',
  },
  'list.export.button': { zh: '导出', en: 'Export' },
  'list.export.title': { zh: '选择导出列', en: 'Choose the columns to export' },
  'list.export.noneChosen': { zh: '请选择导出列', en: 'Please choose the columns to export' },
  'list.export.noneConfigured': { zh: '请配置导出列', en: 'Please configure the exportable columns' },
  'list.export.downloading': { zh: '正在下载中', en: 'Downloading' },
  'list.export.fileName': { zh: '{{title}}导出.xlsx', en: '{{title}} export.xlsx' },
  'list.export.dragHandle': { zh: '拖动排序', en: 'Drag to reorder' },
  'list.export.moveUp': { zh: '上移', en: 'Move up' },
  'list.export.moveDown': { zh: '下移', en: 'Move down' },
  'list.import.button': { zh: '导入', en: 'Import' },
  'list.import.title': { zh: '导入{{title}}', en: 'Import {{title}}' },
  'list.import.tipFormat': { zh: '仅支持 .xlsx、.xls 格式的文件', en: 'Only .xlsx and .xls files are accepted' },
  'list.import.tipRows': { zh: '每次最多导入 200 条数据', en: 'At most 200 rows per import' },
  'list.import.tipTemplate': {
    zh: '请先下载模版，按模版填写后再导入',
    en: 'Download the template first and fill it in before importing',
  },
  'list.import.template': { zh: '下载模版', en: 'Download the template' },
  'list.import.templatePick': {
    zh: '选择导入模板（不选则按列表字段）',
    en: 'Choose an import template (none: the list fields)',
  },
  'list.import.templateName': { zh: '{{title}}模版.xlsx', en: '{{title}} template.xlsx' },
  'list.import.choose': { zh: '选择文件', en: 'Choose a file' },
  'list.import.start': { zh: '开始导入', en: 'Import' },
  'list.import.running': { zh: '正在导入中', en: 'Importing' },
  'list.import.badType': { zh: '仅支持 .xlsx、.xls 格式的文件', en: 'Only .xlsx and .xls files are accepted' },
  'list.import.noFile': { zh: '请选择要导入的文件', en: 'Please choose a file to import' },
  'list.import.success': { zh: '成功导入 {{count}} 条数据', en: '{{count}} row(s) imported' },
  'list.import.errorsTitle': { zh: '以下数据有误，请修改后重新导入', en: 'Fix these rows and import again' },
  'list.import.errorRow': { zh: '第 {{row}} 行', en: 'Row {{row}}' },
  'list.prefs.badKey': { zh: '偏好设置名称不正确', en: 'Invalid preference key' },
  'list.prefs.tooLarge': { zh: '偏好设置内容不能超过 16 KB', en: 'A preference may not exceed 16 KB' },
  'list.prefs.noValue': { zh: '请提供偏好设置内容', en: 'Provide the preference value' },
};
