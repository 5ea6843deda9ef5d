import type { Catalog } from './index';

/** Messages of the result codes and the shared data/API errors. */
export const common: Catalog = {
  'error.badRequest': { zh: '请求参数错误', en: 'Invalid request' },
  'error.badEnvelope': { zh: '请求数据校验失败', en: 'The request could not be verified' },
  'error.logout': { zh: '登录已过期，请重新登录', en: 'Your session has expired, please sign in again' },
  'error.plainToken': {
    zh: '会话令牌未加密发送，已失效，请重新登录',
    en: 'The session token was sent unencrypted and has been revoked, please sign in again',
  },
  'error.forbidden': { zh: '没有权限访问该资源', en: 'You do not have access to this resource' },
  'error.notFound': { zh: '数据不存在', en: 'Not found' },
  'error.server': { zh: '系统异常，请稍后再试', en: 'Something went wrong, please try again later' },
  'error.unavailable': {
    zh: '服务暂时不可用，请稍后再试',
    en: 'The service is temporarily unavailable, please try again shortly',
  },
  'error.databaseBusy': {
    zh: '数据库繁忙，未能及时完成，请稍后再试',
    en: 'The database is busy and did not answer in time, please try again shortly',
  },
  'error.rateLimited': { zh: '操作过于频繁，请稍后再试', en: 'Too many attempts, please try again later' },
  'error.trial': { zh: '试用账号不允许对该业务进行操作', en: 'Trial accounts may not perform this operation' },
  'error.ipBlocked': {
    zh: '当前IP不在白名单内，禁止访问',
    en: 'Your IP address is not allowed to access this application',
  },
  'error.appNotFound': {
    zh: '应用地址不正确，请检查访问地址',
    en: 'Unknown application address, please check the URL',
  },
  'error.connection': {
    zh: '系统连接异常，请联系管理员',
    en: 'Cannot reach the system, please contact the administrator',
  },
  'error.tableMissing': {
    zh: '数据表不存在，请联系管理员',
    en: 'The data table does not exist, please contact the administrator',
  },
  'error.duplicate': { zh: '数据已存在', en: 'The record already exists' },
  'error.duplicateField': {
    zh: '{{title}}已存在，请更换数据',
    en: '{{title}} already exists, please use another value',
  },
  'error.duplicateValue': {
    zh: '数据{{value}}重复，请检查数据',
    en: 'The value {{value}} is duplicated, please check the data',
  },
  'error.dataOperation': {
    zh: '数据操作错误，请联系管理员',
    en: 'Data operation failed, please contact the administrator',
  },
  'error.hashCheck': { zh: '响应数据校验失败', en: 'The response failed its integrity check' },
};
