import type { Catalog } from './index';

/** The system settings page and what its settings enforce (protocol/settings.ts, docs/settings.md). */
export const sys: Catalog = {
  'sys.flagInvalid': { zh: '开关只能是 true 或 false', en: 'A switch must be true or false' },
  'sys.captchaAfter': {
    zh: '图形验证码触发次数须为 0–20 的整数',
    en: 'Failures before the picture code must be a whole number from 0 to 20',
  },
  'sys.minLength': {
    zh: '密码最小长度须为 8–64 的整数',
    en: 'The minimum password length must be a whole number from 8 to 64',
  },
  'sys.classes': {
    zh: '密码字符类型只能从 字母、小写字母、大写字母、数字、符号 中选择，且不能重复',
    en: 'Password character kinds are letter, lower, upper, digit and symbol, each at most once',
  },
  'sys.expiryDays': {
    zh: '密码有效期须为 0–3650 天的整数（0 表示永不过期）',
    en: 'The password lifetime must be a whole number of days from 0 to 3650 (0: never expires)',
  },
  'sys.history': {
    zh: '历史密码数须为 0–24 的整数',
    en: 'The password history must be a whole number from 0 to 24',
  },
  'sys.lockoutAttempts': {
    zh: '锁定前允许的失败次数须为 3–100 的整数',
    en: 'Failed sign-ins before the lock must be a whole number from 3 to 100',
  },
  'sys.lockoutMinutes': {
    zh: '锁定时长须为 1–1440 分钟的整数',
    en: 'The lock must last a whole number of minutes from 1 to 1440',
  },
  'sys.sessionDays': {
    zh: '登录有效期须为 1–365 天的整数',
    en: 'The session lifetime must be a whole number of days from 1 to 365',
  },
  'sys.uploadMb': {
    zh: '单个文件大小上限须为 1–2048 MB 的整数',
    en: 'The upload size limit must be a whole number of MB from 1 to 2048',
  },
  'sys.uploadTypes': {
    zh: '允许的文件类型须为以逗号分隔的扩展名（不含点），如 pdf,png,xlsx',
    en: 'Allowed file types must be extensions without dots, comma-separated, e.g. pdf,png,xlsx',
  },
  'sys.lang': { zh: '默认语言只能是 zh 或 en', en: 'The default language must be zh or en' },
  'sys.themeColor': {
    zh: '主题色须为 #rrggbb 格式的颜色，或留空',
    en: 'The theme colour must be a #rrggbb colour, or empty',
  },
  'sys.imageUrl': {
    zh: '客服二维码须为 http(s) 图片地址、以 / 开头的站内路径或 data:image 图片',
    en: 'The customer-service QR must be an http(s) picture address, a site path starting with / or a data:image picture',
  },
  'sys.videoUrl': {
    zh: '演示视频地址须以 http:// 或 https:// 开头',
    en: 'The demo video address must start with http:// or https://',
  },
  'sys.uploadTypeRefused': {
    zh: '该应用只允许上传以下类型的文件：{{types}}',
    en: 'This app only takes files of these types: {{types}}',
  },
  'sys.noMethod': {
    zh: '至少需要开启一种登录方式',
    en: 'At least one sign-in method must stay on',
  },
  'sys.methodDisabled': {
    zh: '该应用已关闭{{method}}登录',
    en: 'Sign-in with {{method}} is turned off for this app',
  },
  'sys.method.password': { zh: '账号密码', en: 'account and password' },
  'sys.method.sms': { zh: '短信验证码', en: 'SMS code' },
  'sys.method.dingtalk': { zh: '钉钉', en: 'DingTalk' },
  'sys.class.letter': { zh: '字母', en: 'a letter' },
  'sys.class.lower': { zh: '小写字母', en: 'a lower-case letter' },
  'sys.class.upper': { zh: '大写字母', en: 'an upper-case letter' },
  'sys.class.digit': { zh: '数字', en: 'a digit' },
  'sys.class.symbol': { zh: '符号', en: 'a symbol' },
  'sys.class.any': { zh: '任意字符', en: 'any characters' },
  'sys.passwordPolicy': {
    zh: '密码须为 {{min}}–120 位，且包含{{classes}}',
    en: 'The password must be {{min}}–120 characters long and contain {{classes}}',
  },
  'sys.passwordReused': {
    zh: '新密码不能与最近 {{count}} 次使用过的密码相同',
    en: 'The new password cannot be one of your last {{count}} passwords',
  },
  'sys.locked': {
    zh: '登录失败次数过多，账号已锁定，请 {{minutes}} 分钟后再试',
    en: 'Too many failed sign-ins: the account is locked, try again in {{minutes}} minutes',
  },
  'sys.passwordExpired': {
    zh: '密码已过期，请先修改密码，再使用其他功能',
    en: 'Your password has expired: change it before doing anything else',
  },
};
