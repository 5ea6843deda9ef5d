import type { Catalog } from './index';

/** Messages of the AI quota, pay mode and recharge (server/ai billing, the recharge tab, docs/ai.md). */
export const aiPay: Catalog = {
  'aiPay.featureOff': { zh: '该 AI 功能已被管理员关闭', en: 'This AI feature has been switched off by an admin' },
  'aiPay.quotaExceeded': {
    zh: '今日 AI 调用次数已达上限（{{quota}} 次），请明天再试',
    en: 'You have used all {{quota}} AI calls for today; try again tomorrow',
  },
  'aiPay.balanceLow': {
    zh: '余额不足：本次调用预计需要 {{need}} 元，可用余额 {{balance}} 元，请先充值',
    en: 'Balance too low: this call needs about {{need}}, {{balance}} is available; please recharge first',
  },
  'aiPay.amountInvalid': {
    zh: '充值金额须在 0.01 到 100000 元之间，最多两位小数',
    en: 'The amount must be between 0.01 and 100000 with at most two decimals',
  },
  'aiPay.notPayMode': {
    zh: '当前应用未开启按量付费，无需充值',
    en: 'This app does not charge per use: there is nothing to recharge',
  },
  'aiPay.gatewayMissing': {
    zh: '支付通道尚未配置，请联系管理员在「AI 设置」中填写',
    en: 'No payment gateway is configured yet; ask an admin to set it on the AI settings page',
  },
  'aiPay.subject': { zh: '{{title}} AI 余额充值', en: '{{title}} AI balance top-up' },
  'aiPay.balance': { zh: '当前余额', en: 'Balance' },
  'aiPay.unit': { zh: '元', en: 'CNY' },
  'aiPay.amount': { zh: '充值金额', en: 'Amount' },
  'aiPay.topUp': { zh: '去支付', en: 'Pay' },
  'aiPay.topUpHint': {
    zh: '将跳转到支付页面，支付完成后余额自动到账',
    en: 'You will be taken to the payment page; the balance is credited once paid',
  },
  'aiPay.refresh': { zh: '刷新', en: 'Refresh' },
  'aiPay.records': { zh: '充值记录', en: 'Top-ups' },
  'aiPay.usage': { zh: '消费明细', en: 'Usage' },
  'aiPay.orderNo': { zh: '订单号', en: 'Order' },
  'aiPay.status': { zh: '状态', en: 'Status' },
  'aiPay.status.pending': { zh: '待支付', en: 'Pending' },
  'aiPay.status.paid': { zh: '已到账', en: 'Paid' },
  'aiPay.time': { zh: '时间', en: 'Time' },
  'aiPay.feature': { zh: '功能', en: 'Feature' },
  'aiPay.feature.chat': { zh: 'AI 对话', en: 'AI chat' },
  'aiPay.feature.draw': { zh: 'AI 绘图', en: 'AI draw' },
  'aiPay.feature.generator': { zh: 'AI 生成应用', en: 'AI app generator' },
  'aiPay.model': { zh: '模型', en: 'Model' },
  'aiPay.tokens': { zh: 'Tokens', en: 'Tokens' },
  'aiPay.cost': { zh: '费用（元）', en: 'Cost' },
  'aiPay.free': { zh: '（免费）', en: ' (free)' },
  'aiPay.loadFailed': { zh: '加载失败', en: 'Could not load' },
};
