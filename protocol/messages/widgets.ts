import type { Catalog } from './index';

/** Field widgets of issue 6 (ai-and-widgets §5, §8, §9; platform-shell §3). */
export const widgets: Catalog = {
  'widgets.jsonInvalid': { zh: 'JSON格式不正确', en: 'JSON format incorrect' },
  'widgets.jsonFormat': { zh: '格式化JSON', en: 'Format JSON' },
  'widgets.formatUnsupported': { zh: '格式不支持', en: 'format not supported' },
  'widgets.emptyData': { zh: '数据为空', en: 'empty data' },
  'widgets.download': { zh: '下载', en: 'Download' },
  'widgets.preview': { zh: '预览', en: 'Preview' },
  'widgets.loading': { zh: '加载中...', en: 'Loading...' },
  'widgets.table.add': { zh: '添加一行', en: 'Add row' },
  'widgets.table.remove': { zh: '删除', en: 'Remove' },
  'widgets.table.up': { zh: '上移', en: 'Move up' },
  'widgets.table.down': { zh: '下移', en: 'Move down' },
  'widgets.table.actions': { zh: '操作', en: 'Actions' },
  'widgets.icon.choose': { zh: '选择图标', en: 'Choose icon' },
  'widgets.icon.search': { zh: '搜索图标', en: 'Search icons' },
  'widgets.icon.outlined': { zh: '线框风格', en: 'Outlined' },
  'widgets.icon.filled': { zh: '实底风格', en: 'Filled' },
  'widgets.icon.twoTone': { zh: '双色风格', en: 'Two-tone' },
  'widgets.icon.clear': { zh: '清除', en: 'Clear' },
  'widgets.dragList.add': { zh: '添加', en: 'Add' },
  'widgets.linkInvalid': { zh: '请输入正确的链接地址', en: 'Enter a valid http(s) link' },
  'widgets.tag.add': { zh: '新标签', en: 'New tag' },
};
