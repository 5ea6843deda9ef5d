import type { Catalog } from './index';

/** Messages of the mess page and the message-sending seam (server/messages, docs/messages.md). */
export const mess: Catalog = {
  'messages.titleRequired': { zh: '请填写消息标题', en: 'Enter a message title' },
  'messages.titleTooLong': {
    zh: '消息标题不能超过 {{max}} 个字符',
    en: 'The title may have at most {{max}} characters',
  },
  'messages.bodyTooLong': {
    zh: '消息内容不能超过 {{max}} 个字符',
    en: 'The message may have at most {{max}} characters',
  },
  'messages.badLink': {
    zh: '链接只能是本应用内的页面路径',
    en: 'The link must be a page path inside this app',
  },
  'messages.noRecipients': {
    zh: '没有可接收的用户：请选择有效的用户、角色或全部用户',
    en: 'Nobody would receive it: choose valid users, roles or everyone',
  },
  'tasks.badCron': {
    zh: 'Cron 表达式无效：{{detail}}',
    en: 'The cron expression is not valid: {{detail}}',
  },
  'tasks.tooFrequent': {
    zh: '任务最多每分钟执行一次，不支持每秒执行',
    en: 'A task may run at most once a minute; every-second schedules are refused',
  },
  'tasks.neverRuns': { zh: '该 Cron 表达式永远不会执行', en: 'This cron expression never fires' },
  'tasks.badTimezone': { zh: '未知的时区：{{zone}}', en: 'Unknown time zone: {{zone}}' },
  'tasks.sourceRequired': { zh: '请选择要调用的接口', en: 'Choose the data source to call' },
  'tasks.running': {
    zh: '该任务正在执行，请稍后再试',
    en: 'This task is running now: try again when it finishes',
  },
  'tasks.reportNotRows': {
    zh: '接口 {{source}} 的返回不是数据行列表，无法生成报表',
    en: 'The data source {{source}} did not answer a list of rows: no report',
  },
};
