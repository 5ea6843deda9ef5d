/**
 * The sign-in family's body schemas (docs/auth.md) and the rules the handlers still apply: the
 * shape of each body is declared on its route (server/http/validation.ts); the password policy is
 * the app's (protocol/settings.ts, docs/settings.md) and is shared with the admin-given initial
 * password (server/common/user-password.ts).
 */
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';
import { CLASS_TESTS, DEFAULT_SETTINGS, type PasswordClass, type StoredSettings } from '../../protocol/settings';
import { catalog } from '../../protocol/messages/index';
import { ApiError, badRequest } from '../errors';
import { ResultCode } from '../../protocol/codes';

export const SMS_CODE = /^\d{6}$/;

export type PasswordPolicy = Pick<StoredSettings, 'password_min_length' | 'password_classes'>;

const className = (kind: PasswordClass | 'any') => catalog[`sys.class.${kind}`]!;

const isDefault = (policy: PasswordPolicy) =>
  policy.password_min_length === DEFAULT_SETTINGS.password_min_length &&
  policy.password_classes.length === DEFAULT_SETTINGS.password_classes.length &&
  DEFAULT_SETTINGS.password_classes.every((kind) => policy.password_classes.includes(kind));

/** The refusal of a password that breaks the policy, in the words the policy needs. */
function weak(policy: PasswordPolicy): ApiError {
  // The built-in rule keeps its own message (clients and tests know it).
  if (isDefault(policy)) return badRequest('auth.weakPassword');
  const classes = policy.password_classes.length ? policy.password_classes.map(className) : [className('any')];
  return badRequest('sys.passwordPolicy', {
    min: policy.password_min_length,
    classes: { zh: classes.map((c) => c.zh).join('、'), en: classes.map((c) => c.en).join(', ') },
  });
}

/**
 * The app's strength rule (default: 8–120 characters with at least one letter and one digit).
 * Answers the password, or throws the policy's message.
 */
export function checkPassword(password: string, policy: PasswordPolicy = DEFAULT_SETTINGS): string {
  if (
    password.length < policy.password_min_length ||
    password.length > PASSWORD_MAX_LENGTH ||
    !policy.password_classes.every((kind) => CLASS_TESTS[kind].test(password))
  )
    throw weak(policy);
  return password;
}

export const smsCodeWrong = () => new ApiError(ResultCode.AUTH_FAILED, 'auth.smsCodeWrong');
