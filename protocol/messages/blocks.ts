import type { Catalog } from './index';

/** Runtime building blocks: linkage, drawer, menu, confirm, video preview (building-blocks §2, §4). */
export const blocks: Catalog = {
  'blocks.linkage.selectFirst': { zh: '请先选择{{title}}', en: 'Please select {{title}} first' },
  'blocks.drawer.cancel': { zh: '关闭', en: 'Close' },
  'blocks.drawer.ok': { zh: '确定', en: 'OK' },
  'blocks.confirm.ok': { zh: '确定', en: 'OK' },
  'blocks.confirm.cancel': { zh: '取消', en: 'Cancel' },
  'blocks.confirm.deleteTitle': { zh: '确认删除？', en: 'Delete?' },
  'blocks.confirm.deleteContent': {
    zh: '删除后不可恢复，请谨慎操作',
    en: 'This cannot be undone. Please proceed with care.',
  },
  'blocks.menu.collapse': { zh: '收起菜单', en: 'Collapse menu' },
  'blocks.menu.expand': { zh: '展开菜单', en: 'Expand menu' },
  'blocks.video.previous': { zh: '上一个', en: 'Previous' },
  'blocks.video.next': { zh: '下一个', en: 'Next' },
  'blocks.video.counter': { zh: '{{index}} / {{total}}', en: '{{index}} / {{total}}' },
  'blocks.video.empty': { zh: '暂无视频', en: 'No video' },
};
