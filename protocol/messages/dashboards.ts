import type { Catalog } from './index';

/** Dashboards: the aggregate query contract (server/common/aggregate, docs/dashboards.md). */
export const dashboards: Catalog = {
  'aggregate.unknownMeasure': { zh: '不支持的统计方式：{{fn}}', en: 'Unsupported measure: {{fn}}' },
  'aggregate.notNumeric': {
    zh: '字段 {{key}} 不是数字，不能求{{fn}}',
    en: 'Field {{key}} is not a number: {{fn}} needs a number field',
  },
  'aggregate.notDate': {
    zh: '字段 {{key}} 不是日期，不能按{{bucket}}分组',
    en: 'Field {{key}} is not a date: it cannot be grouped by {{bucket}}',
  },
  'aggregate.unknownBucket': {
    zh: '不支持的日期分组：{{bucket}}（可用 day、week、month、quarter、year）',
    en: 'Unsupported date bucket: {{bucket}} (use day, week, month, quarter or year)',
  },
  'aggregate.measureKeyRequired': { zh: '统计方式 {{fn}} 需要字段 key', en: 'Measure {{fn}} needs a field (key)' },
  'aggregate.unknownSort': {
    zh: '排序字段 {{key}} 不是分组或统计结果',
    en: 'Sort key {{key}} is not a group or a measure of this query',
  },
  'aggregate.timeZone': { zh: '未知的时区：{{zone}}', en: 'Unknown time zone: {{zone}}' },
  'aggregate.timeout': {
    zh: '统计查询超时（超过 {{seconds}} 秒），已被停止，请缩小范围',
    en: 'The aggregate query ran longer than {{seconds}} s and was stopped: narrow it down',
  },
  // The dashboard page and its widgets (runtime/nodes/dashboard and the widget folders).
  'dashboard.others': { zh: '其他', en: 'Others' },
  'dashboard.empty': { zh: '（空）', en: '(empty)' },
  'dashboard.noData': { zh: '暂无数据', en: 'No data' },
  'dashboard.loadFailed': { zh: '加载失败：{{message}}', en: 'Could not load: {{message}}' },
  'dashboard.noPermission': { zh: '无权查看此组件的数据', en: 'You may not see the data of this widget' },
  'dashboard.timeout': { zh: '查询超时，请缩小范围', en: 'The query took too long: narrow it down' },
  'dashboard.refresh': { zh: '刷新', en: 'Refresh' },
  'dashboard.refreshing': { zh: '刷新中', en: 'Refreshing' },
  'dashboard.exportPng': { zh: '导出图片', en: 'Export PNG' },
  'dashboard.exportFailed': { zh: '导出图片失败', en: 'Could not export the image' },
  'dashboard.autoRefresh': { zh: '每 {{seconds}} 秒自动刷新', en: 'Refreshes every {{seconds}} s' },
  'dashboard.updatedAt': { zh: '更新于 {{time}}', en: 'Updated {{time}}' },
  'dashboard.dateRange': { zh: '日期范围', en: 'Date range' },
  'dashboard.all': { zh: '全部', en: 'All' },
  'dashboard.crossFilter': { zh: '筛选：{{label}}', en: 'Filtered: {{label}}' },
  'dashboard.clearFilter': { zh: '清除筛选', en: 'Clear the filter' },
  'dashboard.previous': { zh: '较上期 {{change}}', en: '{{change}} vs the previous period' },
  'dashboard.noPrevious': { zh: '上期无数据', en: 'No data for the previous period' },
  'dashboard.badFrame': {
    zh: '网址必须以 http:// 或 https:// 开头',
    en: 'The address must start with http:// or https://',
  },
  'dashboard.noWidgets': { zh: '此看板还没有组件', en: 'This dashboard has no widgets yet' },
  'dashboard.widgetFailed': { zh: '组件出错：{{message}}', en: 'The widget failed: {{message}}' },
  // The dashboard list page (server/schema-store/dashboard-admin.ts).
  'dashboardAdmin.copyOf': { zh: '{{title}} 副本', en: '{{title}} copy' },
  'dashboardAdmin.oneAtATime': { zh: '一次只能回滚一个看板', en: 'Roll back one dashboard at a time' },
  'dashboardAdmin.noEarlierVersion': {
    zh: '看板“{{title}}”没有更早的版本',
    en: 'Dashboard "{{title}}" has no earlier version',
  },
  'dashboardAdmin.badFile': {
    zh: '不是看板文件（需要 tessera-dashboard 格式）',
    en: 'Not a dashboard file (the tessera-dashboard format is expected)',
  },
};
