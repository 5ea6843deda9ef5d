import type { Catalog } from './index';

/** Messages of sign-in by SMS and DingTalk, password rules, the complete-info form (docs/auth.md). */
export const auth: Catalog = {
  'auth.mobileInvalid': { zh: '手机号格式不正确', en: 'The mobile number is not valid' },
  'auth.smsSent': { zh: '验证码已发送', en: 'The code has been sent' },
  'auth.smsTooFrequent': { zh: '发送过于频繁，请稍后再试', en: 'Too many codes requested, please try again later' },
  'auth.smsSendFailed': {
    zh: '短信发送失败，请稍后再试',
    en: 'The text message could not be sent, please try again later',
  },
  'auth.smsCodeWrong': { zh: '短信验证码错误或已过期', en: 'The SMS code is wrong or has expired' },
  'auth.mobileNotRegistered': { zh: '该手机号未注册', en: 'No account uses this mobile number' },
  'auth.mobileTaken': { zh: '该手机号已被使用', en: 'This mobile number is already in use' },
  'auth.registerClosed': { zh: '该应用未开放注册', en: 'This application does not accept registrations' },
  'auth.weakPassword': {
    zh: '密码须为 8–120 位，且同时包含字母和数字',
    en: 'The password must be 8–120 characters and contain letters and digits',
  },
  'auth.mustChangePassword': {
    zh: '请先修改初始密码，再使用其他功能',
    en: 'Please change your initial password before doing anything else',
  },
  'auth.oldPasswordWrong': { zh: '原密码错误', en: 'The current password is wrong' },
  'auth.dingtalkDisabled': { zh: '未启用钉钉登录', en: 'DingTalk sign-in is not enabled' },
  'auth.dingtalkFailed': { zh: '钉钉授权失败，请重试', en: 'DingTalk authorisation failed, please try again' },
  'auth.dingtalkNoAccount': {
    zh: '该钉钉账号的手机号未绑定本系统用户',
    en: 'No account of this application uses the mobile number of this DingTalk user',
  },
  'auth.fillRequired': { zh: '请填写必填项', en: 'Please fill in the required fields' },
  'auth.customerExists': { zh: '已提交过信息', en: 'The information has already been submitted' },
  'auth.smsConsoleNotice': {
    zh: '短信发送方式为 console：验证码只写入服务器日志',
    en: 'SMS provider is console: codes are only written to the server log',
  },
};
