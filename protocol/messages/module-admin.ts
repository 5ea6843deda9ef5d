import type { Catalog } from './index';

/**
 * Messages of the module admin page (issue 14 item 1): the table-name checks the create form runs
 * as you type and the server repeats on create (protocol/module-table.ts, server/modules/admin.ts),
 * soft delete / restore and the one-step rollback.
 */
export const moduleAdmin: Catalog = {
  'moduleAdmin.tableRequired': { zh: '请输入数据表名', en: 'Enter a table name' },
  'moduleAdmin.tableFormat': {
    zh: '数据表名只能包含小写字母、数字和下划线，且以小写字母开头',
    en: 'The table name may hold only lower-case letters, digits and _, and must start with a letter',
  },
  'moduleAdmin.tableTooLong': {
    zh: '数据表名最多 {{max}} 个字符',
    en: 'The table name may be at most {{max}} characters long',
  },
  'moduleAdmin.tableReserved': {
    zh: '数据表名 {{table}} 是 SQL 保留字，请换一个名称',
    en: 'The table name "{{table}}" is an SQL reserved word; choose another',
  },
  'moduleAdmin.tableSystem': {
    zh: '数据表名不能以 {{prefix}} 开头（系统表使用）',
    en: 'The table name cannot start with {{prefix}} (system tables use it)',
  },
  'moduleAdmin.tableTaken': {
    zh: '数据表 {{table}} 已被模块“{{title}}”使用',
    en: 'The table {{table}} is used by the module "{{title}}"',
  },
  'moduleAdmin.tableDeleted': {
    zh: '数据表 {{table}} 属于已删除的模块“{{title}}”，请恢复该模块或换一个名称',
    en: 'The table {{table}} belongs to the deleted module "{{title}}"; restore it or choose another name',
  },
  'moduleAdmin.tableExists': {
    zh: '数据库中已存在数据表 {{table}}，请换一个名称',
    en: 'The database already has a table {{table}}; choose another name',
  },
  'moduleAdmin.tableOk': { zh: '数据表名可用', en: 'The table name is free' },
  'moduleAdmin.restoreClash': {
    zh: '数据表 {{table}} 已被其他模块使用，不能恢复',
    en: 'The table {{table}} is used by another module, so this one cannot be restored',
  },
  'moduleAdmin.noEarlierVersion': {
    zh: '模块“{{title}}”只有一个版本，没有可回滚的版本',
    en: 'The module "{{title}}" has only one version: there is nothing to roll back to',
  },
  'moduleAdmin.oneAtATime': { zh: '每次只能回滚一个模块', en: 'Roll back one module at a time' },
  'moduleAdmin.menuParentInvalid': {
    zh: '上级菜单不存在或不是目录，请重新选择',
    en: 'The parent menu does not exist or is not a folder; choose another',
  },
  'moduleAdmin.menuRoleInvalid': {
    zh: '所选角色不存在，请刷新后重新选择',
    en: 'A chosen role does not exist; reload and choose again',
  },
  'moduleAdmin.menuTitleRequired': { zh: '请输入菜单名称', en: 'Enter a menu title' },
  'moduleAdmin.menuTitleTooLong': {
    zh: '菜单名称最多 {{max}} 个字符',
    en: 'The menu title may be at most {{max}} characters long',
  },
  'moduleAdmin.menuExists': {
    zh: '模块“{{title}}”已在菜单“{{menu}}”中，可在菜单管理中调整',
    en: 'The module "{{title}}" already has the menu entry "{{menu}}"; change it on the Menus page',
  },
};
