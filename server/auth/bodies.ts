/**
 * Strict bodies for the sign-in family of routes (docs/auth.md): an object with only known keys,
 * every value a non-empty string within its length, and the shared field rules (mobile, SMS code,
 * password strength).
 */
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';
import { ApiError, badRequest } from '../errors';
import { ResultCode } from '../../protocol/codes';

export const MOBILE = /^1[3-9]\d{9}$/;
export const SMS_CODE = /^\d{6}$/;
export const PASSWORD_MIN_LENGTH = 8;

export function stringBody<K extends string>(body: unknown, limits: Record<K, number>): Record<K, string> {
  const record = body ?? {};
  if (typeof record !== 'object' || Array.isArray(record)) throw badRequest('server.bodyNotObject');
  for (const key of Object.keys(record))
    if (!Object.hasOwn(limits, key)) throw badRequest('server.unknownField', { key });
  for (const [key, max] of Object.entries(limits) as [K, number][]) {
    const value = (record as Record<string, unknown>)[key];
    if (typeof value !== 'string' || value.trim() === '') throw badRequest('server.fieldRequired', { title: key });
    if (value.length > max) throw badRequest('server.tooLong', { key, max });
  }
  return record as Record<K, string>;
}

export function checkMobile(mobile: string): string {
  const value = mobile.trim();
  if (!MOBILE.test(value)) throw badRequest('auth.mobileInvalid');
  return value;
}

/** The strength rule: 8–120 characters with at least one letter and one digit. */
export function checkPassword(password: string): string {
  if (
    password.length < PASSWORD_MIN_LENGTH ||
    password.length > PASSWORD_MAX_LENGTH ||
    !/[A-Za-z]/.test(password) ||
    !/\d/.test(password)
  )
    throw badRequest('auth.weakPassword');
  return password;
}

export const smsCodeWrong = () => new ApiError(ResultCode.AUTH_FAILED, 'auth.smsCodeWrong');
