import type { Catalog } from './index';

/**
 * Messages of outbound HTTP calls (server/net/outbound.ts, the SSRF guard) and of the secrets
 * helper (server/secrets/). Each refusal names its reason so an admin can tell a typo from a block.
 */
export const net: Catalog = {
  'net.urlInvalid': { zh: '地址 {{url}} 不是有效的网址', en: '{{url}} is not a valid URL' },
  'net.schemeRefused': {
    zh: '只允许 http 和 https 地址，{{scheme}} 被拒绝',
    en: 'Only http and https addresses are allowed: {{scheme}} is refused',
  },
  'net.addressRefused': {
    zh: '{{host}} 指向 {{address}}（{{range}}），出于安全原因禁止访问；内网部署请把它加入 OUTBOUND_ALLOW_LIST',
    en: '{{host}} points to {{address}} ({{range}}), which is refused for safety; for an intranet deployment add it to OUTBOUND_ALLOW_LIST',
  },
  'net.addressRefusedIp': {
    zh: '{{address}}（{{range}}）出于安全原因禁止访问；内网部署请把它加入 OUTBOUND_ALLOW_LIST',
    en: '{{address}} ({{range}}) is refused for safety; for an intranet deployment add it to OUTBOUND_ALLOW_LIST',
  },
  'net.dnsFailed': { zh: '无法解析域名 {{host}}', en: 'The host name {{host}} could not be resolved' },
  'net.tooManyRedirects': {
    zh: '重定向超过 {{max}} 次，已停止',
    en: 'More than {{max}} redirects: stopped',
  },
  'net.redirectInvalid': {
    zh: '上游返回的重定向地址无效',
    en: 'The upstream answered a redirect without a valid address',
  },
  'net.timeout': { zh: '上游在 {{ms}} 毫秒内没有响应完毕，已超时', en: 'The upstream did not answer within {{ms}} ms' },
  'net.tooLarge': {
    zh: '上游响应超过 {{max}}，已截断并放弃',
    en: 'The upstream response is larger than {{max}}: cut off',
  },
  'net.failed': { zh: '请求上游失败：{{reason}}', en: 'The call to the upstream failed: {{reason}}' },
  'net.range.loopback': { zh: '本机回环地址', en: 'loopback' },
  'net.range.private': { zh: '内网地址', en: 'private network' },
  'net.range.cgnat': { zh: '运营商级 NAT 地址', en: 'carrier-grade NAT' },
  'net.range.linkLocal': { zh: '链路本地地址 / 云元数据', en: 'link-local / cloud metadata' },
  'net.range.unspecified': { zh: '未指定地址', en: 'unspecified address' },
  'net.range.multicast': { zh: '组播地址', en: 'multicast' },
  'net.range.reserved': { zh: '保留地址', en: 'reserved range' },
  'net.range.uniqueLocal': { zh: 'IPv6 内网地址', en: 'IPv6 unique local' },
};
