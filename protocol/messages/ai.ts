import type { Catalog } from './index';

/** Messages of the AI models, agents and chat (server/ai, the ai/* pages, docs/ai.md). */
export const ai: Catalog = {
  'ai.labelTaken': { zh: '模型名称 {{label}} 已存在', en: 'A model labelled {{label}} already exists' },
  'ai.agentNameTaken': { zh: '智能体 {{name}} 已存在', en: 'An agent named {{name}} already exists' },
  'ai.baseUrlRequired': {
    zh: '自定义服务商需要填写接口地址',
    en: 'A custom provider needs a base URL',
  },
  'ai.keyRequired': { zh: '{{provider}} 需要填写 API Key', en: '{{provider}} needs an API key' },
  'ai.keyUnreadable': {
    zh: '模型 {{label}} 的 API Key 无法解密（服务器密钥已更换），请重新填写',
    en: 'The API key of model {{label}} cannot be read (the server key has changed); enter it again',
  },
  'ai.modelUnknown': { zh: '模型不存在或已停用', en: 'The model does not exist or is disabled' },
  'ai.noModel': {
    zh: '尚未配置可用的对话模型，请联系管理员在「模型管理」中添加',
    en: 'No chat model is configured yet; ask an admin to add one on the Models page',
  },
  'ai.keyRejected': {
    zh: '模型服务拒绝了 API Key，请检查模型配置',
    en: 'The model provider rejected the API key; check the model settings',
  },
  'ai.rateLimited': {
    zh: '模型服务繁忙（请求过于频繁），请稍后再试',
    en: 'The model provider is busy (too many requests); try again later',
  },
  'ai.timeout': { zh: '模型服务响应超时', en: 'The model provider did not answer in time' },
  'ai.unreachable': {
    zh: '无法连接模型服务：{{reason}}',
    en: 'The model provider cannot be reached: {{reason}}',
  },
  'ai.upstreamError': {
    zh: '模型服务返回错误（{{status}}）：{{message}}',
    en: 'The model provider answered an error ({{status}}): {{message}}',
  },
  'ai.badAnswer': {
    zh: '模型服务的回答格式无法识别',
    en: 'The model provider answered in a form that cannot be read',
  },
  'ai.testPrompt': { zh: '你好，请用一句话介绍你自己。', en: 'Hello, introduce yourself in one sentence.' },
  'ai.testDone': {
    zh: '调用成功：首字 {{firstMs}} ms，共 {{totalMs}} ms',
    en: 'Call succeeded: first token in {{firstMs}} ms, {{totalMs}} ms in all',
  },
  'ai.agentModelUnknown': {
    zh: '所选模型不存在',
    en: 'The chosen model does not exist',
  },
  'ai.tipsTooMany': {
    zh: '推荐问题最多 {{max}} 条',
    en: 'At most {{max}} suggested prompts',
  },
  'ai.modelLocked': { zh: '模型不可修改', en: 'the model cannot be modified' },
  'ai.contentRequired': { zh: '请输入内容', en: 'please input content' },
  'ai.busy': { zh: '对话加载中...', en: 'chat loading...' },
  'ai.agentUnknown': { zh: '所选智能体不存在或已停用', en: 'The chosen agent does not exist or is disabled' },
};
