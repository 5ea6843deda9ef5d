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
};
