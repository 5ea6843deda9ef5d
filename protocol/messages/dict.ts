import type { Catalog } from './index';

/** Messages of the dictionaries page and its writes (issue 16 item 1, docs/dict.md). */
export const dict: Catalog = {
  'dict.badCode': {
    zh: '字典编码只能包含字母、数字、下划线、点、冒号和短横线，最长64位',
    en: 'A dictionary code may contain only letters, digits, _ . : and -, up to 64 characters',
  },
  'dict.codeFixed': {
    zh: '字典编码保存后不能修改：字段按编码引用字典',
    en: 'A dictionary code cannot change once saved: fields refer to the dictionary by its code',
  },
  'dict.duplicateValue': {
    zh: '字典「{{code}}」中已有值为「{{value}}」的字典项',
    en: 'Dictionary "{{code}}" already has an item with the value "{{value}}"',
  },
  'dict.badParent': {
    zh: '上级字典项必须是同一字典中的有效项',
    en: 'The parent item must be a live item of the same dictionary',
  },
  'dict.typeHasItems': {
    zh: '字典「{{code}}」下还有 {{count}} 个字典项，请先删除字典项',
    en: 'Dictionary "{{code}}" still has {{count}} items: delete them first',
  },
  'dict.itemInUse': {
    zh: '字典项「{{label}}」仍被 {{count}} 条记录使用（{{where}}），删除后这些记录将无法显示名称，请改为停用',
    en: 'Item "{{label}}" is still used by {{count}} records ({{where}}); deleting it would leave them without a label: disable it instead',
  },
};
