import type { Catalog } from './index';

/** Messages of the AI app generator (server/ai-generator, src/layouts/ai-generator, docs/ai.md). */
export const aiGenerator: Catalog = {
  'aiGen.title': { zh: 'AI 创建应用', en: 'Create an app with AI' },
  'aiGen.model': { zh: '模型', en: 'Model' },
  'aiGen.type.deepseek': { zh: 'DeepSeek', en: 'DeepSeek' },
  'aiGen.type.aLi': { zh: '通义千问（阿里）', en: 'Qwen (Alibaba)' },
  'aiGen.type.baidu': { zh: '文心（百度）', en: 'ERNIE (Baidu)' },
  'aiGen.example': {
    zh: '例如：帮我创建一个客户管理系统，包含客户、联系人和跟进记录',
    en: 'For example: a CRM with customers, contacts and follow-up records',
  },
  'aiGen.close': { zh: '关闭', en: 'Close' },
  'aiGen.generate': { zh: '自动生成', en: 'Auto-generate' },
  'aiGen.enterApp': { zh: '进入应用', en: 'Enter app' },
  'aiGen.restart': { zh: '重新生成', en: 'Restart' },
  'aiGen.successTitle': { zh: '应用创建成功', en: 'The app was created' },
  'aiGen.address': { zh: '地址', en: 'Address' },
  'aiGen.account': { zh: '账号', en: 'Account' },
  'aiGen.password': { zh: '密码', en: 'Password' },
  'aiGen.passwordOnce': {
    zh: '密码只显示这一次，请妥善保存',
    en: 'The password is shown only this once; keep it safe',
  },
  'aiGen.aiWarning': {
    zh: '内容由 AI 生成，可能不准确，请核对后使用',
    en: 'The content is AI-generated and may be inaccurate; check it before use',
  },
  'aiGen.failTitle': { zh: '应用创建失败', en: 'App creation failed' },
  'aiGen.failHint': { zh: '请调整描述后重新生成', en: 'Adjust the description and try again' },
  'aiGen.describe': { zh: '请描述要创建的内容', en: 'Please describe what to create' },
  'aiGen.repeat': { zh: '请勿重复提交', en: 'Do not submit repeatedly' },
  'aiGen.noSse': {
    zh: '浏览器版本不支持，请更换浏览器',
    en: 'Browser version not supported, please change browser',
  },
  'aiGen.step.connect': { zh: '已连接，开始生成', en: 'Connected; starting' },
  'aiGen.step.asking': { zh: '正在请模型设计应用…', en: 'Asking the model to design the app…' },
  'aiGen.step.repair': {
    zh: '方案有 {{count}} 处问题，第 {{round}} 次请模型修正…',
    en: 'The plan has {{count}} problem(s); repair round {{round}}…',
  },
  'aiGen.step.checked': {
    zh: '方案校验通过：{{tables}} 张表，应用标识 {{identify}}',
    en: 'Plan checked: {{tables}} table(s), app identifier {{identify}}',
  },
  'aiGen.step.app': { zh: '创建应用「{{title}}」', en: 'Creating the app “{{title}}”' },
  'aiGen.step.dict': { zh: '创建字典「{{title}}」', en: 'Creating the dictionary “{{title}}”' },
  'aiGen.step.module': { zh: '创建模块「{{title}}」', en: 'Creating the module “{{title}}”' },
  'aiGen.step.menus': { zh: '创建菜单', en: 'Creating the menus' },
  'aiGen.step.roles': { zh: '创建角色与权限', en: 'Creating the roles and grants' },
  'aiGen.step.rows': { zh: '写入示例数据', en: 'Adding sample records' },
  'aiGen.complete': { zh: '创建完成', en: 'creation complete' },
  'aiGen.failed': { zh: '创建失败：{{reason}}', en: 'Creation failed: {{reason}}' },
  'aiGen.planInvalid': {
    zh: '模型 {{rounds}} 次修正后方案仍不合格（{{first}}）',
    en: 'The plan was still invalid after {{rounds}} repair round(s) ({{first}})',
  },
  'aiGen.buildFailed': {
    zh: '创建应用时出错，已全部撤销：{{reason}}',
    en: 'Building the app failed and was fully undone: {{reason}}',
  },
  'aiGen.contentRequired': { zh: '请描述要创建的应用', en: 'Describe the app to create' },
  'aiGen.passwordInvalid': { zh: '生成的密码格式不正确', en: 'The generated password has the wrong shape' },
  'aiGen.mobileInvalid': { zh: '请先在个人中心填写手机号', en: 'Add a mobile number in your profile first' },
  'aiGen.busy': {
    zh: '已有一个应用正在生成，请等待其完成',
    en: 'An app is already being generated; wait for it to finish',
  },
  'aiGen.rateLimited': {
    zh: '生成过于频繁：每小时最多 {{max}} 次，请稍后再试',
    en: 'Too many generations: at most {{max}} an hour; try again later',
  },
  'aiGen.noModel': {
    zh: '尚未配置 {{type}} 的可用模型，请联系管理员在「模型管理」中添加',
    en: 'No enabled {{type}} model is configured; ask an admin to add one on the Models page',
  },
};
