import type { Catalog } from './index';

/**
 * The designer's refusals (designer/core): why a drop, a key or a command is not allowed. The
 * headless core answers a key; the React designer shows it beside the node in the user's language.
 */
export const designer: Catalog = {
  'designer.unknownNode': { zh: '找不到该节点', en: 'That node is not in the page' },
  'designer.unknownType': { zh: '未知的组件类型：{{type}}', en: 'Unknown component type: {{type}}' },
  'designer.notMovable': {
    zh: '页面本身不能移动、复制或删除',
    en: 'The page itself cannot be moved, copied or removed',
  },
  'designer.notContainer': { zh: '该节点不能放入子项', en: 'Nothing can be placed inside this node' },
  'designer.badIndex': { zh: '放置位置无效', en: 'That position is not in the container' },
  'designer.intoItself': {
    zh: '不能把容器放进它自己或它的下级',
    en: 'A container cannot go inside itself or one of its descendants',
  },
  'designer.fieldOutsideForm': {
    zh: '字段只能放在表单、列表或布局容器中',
    en: 'A field goes inside a form, a list or a layout container, not straight in the page',
  },
  'designer.pageOnly': {
    zh: '{{title}}不能放在表单中（表单里不能再嵌套表单或列表）',
    en: 'A {{title}} cannot go inside a form (a form cannot hold another form or list)',
  },
  'designer.paneOutsideTab': { zh: '页签页只能放在页签中', en: 'A tab pane goes only inside tabs' },
  'designer.tabTakesPanes': {
    zh: '页签中只能放页签页，请放入某个页签页',
    en: 'Tabs hold panes only: drop it into one of the panes',
  },
  'designer.lastChild': {
    zh: '{{title}}至少要保留一项',
    en: 'A {{title}} must keep at least one item',
  },
  'designer.bodyFull': { zh: '页面最多 {{max}} 个节点', en: 'A page holds at most {{max}} nodes' },
  'designer.notPageSchema': {
    zh: '这不是本平台的页面配置（没有 schemaVersion，也没有 type: "page"），可能来自其他产品；请粘贴本平台导出的模块配置',
    en: 'This is not a page schema of this platform (no schemaVersion and no type "page"); it may come from another product: paste a module schema exported here',
  },
  'designer.keyRequired': { zh: '请填写字段名', en: 'Enter a key' },
  'designer.keyInvalid': {
    zh: '字段名 {{key}} 无效：须以字母开头，只含字母、数字和下划线，最多 {{max}} 个字符',
    en: 'The key {{key}} is not valid: a letter, then letters, digits or _ (at most {{max}})',
  },
  'designer.keyReserved': {
    zh: '字段名 {{key}} 是数据库保留字，请换一个',
    en: 'The key {{key}} is a word the databases reserve: choose another',
  },
  'designer.keyTaken': {
    zh: '字段名 {{key}} 已被本表单的其他字段使用',
    en: 'The key {{key}} is already used by another field of this form',
  },
  'designer.linkageCycle': {
    zh: '联动形成了循环：{{cycle}}，请去掉其中一个联动',
    en: 'The linkage goes round in a circle: {{cycle}}. Remove one of its links',
  },
  'designer.expressionInvalid': { zh: '表达式有误：{{detail}}', en: 'The expression is not valid: {{detail}}' },
  'designer.expressionUnknownKey': {
    zh: '表达式中的“{{key}}”不是本表单的字段',
    en: '“{{key}}” in the expression is not a field of this form',
  },
  'designer.emptyBatch': { zh: '没有要执行的修改', en: 'There is nothing to change' },
  'designer.patchFailed': {
    zh: '这项修改已无法应用：{{detail}}',
    en: 'The change no longer applies: {{detail}}',
  },
  'designer.notLoadable': {
    zh: '无法载入页面配置：{{detail}}',
    en: 'The page schema cannot be loaded: {{detail}}',
  },
};
