import type { Catalog } from './index';

/**
 * The ai/chat page (runtime/nodes/ai-chat, ai-and-widgets §2 §4 §5 §8). The spec's own messages
 * (please input content, chat loading..., the model cannot be modified) are in ./ai.ts, which the
 * server answers with too.
 */
export const aiChat: Catalog = {
  'aiChat.newChat': { zh: '新建对话', en: 'New chat' },
  'aiChat.plainChat': { zh: '普通对话', en: 'Plain chat' },
  'aiChat.pickAgent': { zh: '选择智能体开始对话', en: 'Pick an agent to start' },
  'aiChat.sessions': { zh: '对话记录', en: 'Chats' },
  'aiChat.untitled': { zh: '新对话', en: 'New chat' },
  'aiChat.refresh': { zh: '刷新', en: 'Refresh' },
  'aiChat.clearAll': { zh: '清空', en: 'Clear all' },
  'aiChat.clearConfirm': { zh: '确定清空全部对话记录吗？', en: 'Clear every chat?' },
  'aiChat.loadMore': { zh: '加载更多', en: 'Load more' },
  'aiChat.noMore': { zh: '没有更多数据了', en: 'no more data' },
  'aiChat.noSessions': { zh: '暂无对话', en: 'No chats yet' },
  'aiChat.rename': { zh: '重命名', en: 'Rename' },
  'aiChat.renamed': { zh: '重命名成功', en: 'rename successful' },
  'aiChat.delete': { zh: '删除', en: 'Delete' },
  'aiChat.deleteConfirm': { zh: '确定删除该对话吗？', en: 'Delete this chat?' },
  'aiChat.deleted': { zh: '删除成功', en: 'delete successful' },
  'aiChat.fold': { zh: '收起对话列表', en: 'Fold the chat list' },
  'aiChat.unfold': { zh: '展开对话列表', en: 'Unfold the chat list' },
  'aiChat.model': { zh: '模型', en: 'Model' },
  'aiChat.noModel': {
    zh: '尚未配置可用的对话模型，请联系管理员在「模型管理」中添加',
    en: 'No chat model is configured yet; ask an admin to add one on the Models page',
  },
  'aiChat.greeting': { zh: '你好，我是{{name}}', en: "Hi, I'm {{name}}" },
  'aiChat.assistant': { zh: 'AI 助手', en: 'the AI assistant' },
  'aiChat.defaultRole': {
    zh: '有什么可以帮你的？可以直接提问，或者试试下面的问题。',
    en: 'What can I do for you? Ask anything, or try one of these.',
  },
  'aiChat.tips': { zh: '你可以这样问', en: 'Try asking' },
  'aiChat.changeTips': { zh: '换一换', en: 'Change' },
  'aiChat.placeholder': {
    zh: '输入问题，Enter 发送，Ctrl+Enter 换行',
    en: 'Ask a question: Enter sends, Ctrl+Enter adds a line',
  },
  'aiChat.send': { zh: '发送', en: 'Send' },
  'aiChat.stop': { zh: '停止生成', en: 'Stop' },
  'aiChat.continuous': { zh: '连续对话', en: 'Continuous conversation' },
  'aiChat.continuousHint': {
    zh: '开启后，模型会参考本对话的历史消息回答',
    en: 'When on, the model answers with this chat’s earlier messages in mind',
  },
  'aiChat.you': { zh: '我', en: 'You' },
  'aiChat.stopped': { zh: '已停止生成，以上为部分回答', en: 'Stopped: a partial answer' },
  'aiChat.failed': { zh: '回答中断，以上为部分回答', en: 'Interrupted: a partial answer' },
  'aiChat.copy': { zh: '复制', en: 'Copy' },
  'aiChat.copied': { zh: '已复制', en: 'Copied' },
  'aiChat.tooLong': {
    zh: '问题最多 {{max}} 个字符，当前 {{length}} 个，请精简后再发送',
    en: 'A question may have at most {{max}} characters (this one has {{length}}); shorten it and send again',
  },
  'aiChat.connectionFailed': { zh: '连接失败', en: 'connection failed' },
  'aiChat.browserUnsupported': {
    zh: '浏览器版本不支持，请更换浏览器',
    en: 'browser version not supported, please change browser',
  },
  'aiChat.aiNotice': {
    zh: '内容由 AI 生成，可能不准确，请注意甄别',
    en: 'AI-generated content may be inaccurate',
  },
};
