/**
 * The initial password of a user added through the common API (issue 22 item 4). The body of
 * POST common/{prefix}sys_user may carry `password`: typed by the admin, it must pass the same
 * policy as a change of password (auth/bodies.ts checkPassword); left empty, the server generates
 * one and answers it once, in the create response only. Either way only the scrypt hash is stored
 * and the user is flagged to change it at first sign-in unless the body's `mustChangePassword` is
 * false (the add form's switch, on by default). The password is not a column of the
 * table (system-tables.ts), so no read returns it and an update cannot set it.
 */
import { randomInt } from 'node:crypto';
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';
import { DEFAULT_SETTINGS, type PasswordClass } from '../../protocol/settings';
import { checkPassword, type PasswordPolicy } from '../auth/bodies';
import { hashPassword } from '../auth/passwords';
import { badRequest } from '../errors';
import { isPlainObject, type Row } from './values';

// No look-alikes (0/O, 1/l/I): the admin reads the generated password out to the user.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const GENERATED_LENGTH = 12;

/** Characters the generator may pick from for each kind the policy can ask for. */
const KINDS: Record<PasswordClass, string> = {
  letter: LETTERS,
  lower: LETTERS.replace(/[A-Z]/g, ''),
  upper: LETTERS.replace(/[a-z]/g, ''),
  digit: DIGITS,
  symbol: '!@#$%^&*-_+=?',
};

/**
 * A random password with letters and digits and one of each kind the app's policy asks for, as
 * long as its minimum (at least GENERATED_LENGTH), so it passes checkPassword; from a CSPRNG.
 */
export function generatePassword(policy: PasswordPolicy = DEFAULT_SETTINGS): string {
  const all = LETTERS + DIGITS;
  const pick = (from: string) => from[randomInt(from.length)]!;
  const chars = [pick(LETTERS), pick(DIGITS), ...policy.password_classes.map((kind) => pick(KINDS[kind]))];
  const length = Math.max(GENERATED_LENGTH, policy.password_min_length);
  while (chars.length < length) chars.push(pick(all));
  for (let i = chars.length - 1; i > 0; i--) {
    const j = randomInt(i + 1);
    [chars[i], chars[j]] = [chars[j], chars[i]];
  }
  return chars.join('');
}

export interface InitialPassword {
  /** The body without `password`, for the ordinary field checks. */
  body: unknown;
  /** Columns the server adds to the new row. */
  columns: { password_hash: string; must_change_password: number };
  /** Set only when the server made the password up: shown to the admin once. */
  generated?: string;
}

export async function takeInitialPassword(
  body: unknown,
  policy: PasswordPolicy = DEFAULT_SETTINGS,
): Promise<InitialPassword> {
  if (!isPlainObject(body)) return { body, columns: await columnsFor(generatePassword(policy)) };
  const { password, mustChangePassword, ...rest } = body as Row;
  if (password !== undefined && password !== null && typeof password !== 'string')
    throw badRequest('server.invalidValue', { key: 'password' });
  const flag = mustChangeFlag(mustChangePassword);
  const typed = typeof password === 'string' && password !== '' ? password : undefined;
  if (typed !== undefined) {
    if (typed.length > PASSWORD_MAX_LENGTH) throw badRequest('auth.weakPassword');
    checkPassword(typed, policy);
    return { body: rest, columns: await columnsFor(typed, flag) };
  }
  const generated = generatePassword(policy);
  return { body: rest, columns: await columnsFor(generated, flag), generated };
}

/** Absent means on: a forgotten switch must not leave an admin-known password in use. */
function mustChangeFlag(value: unknown): number {
  if (value === undefined || value === null || value === true || value === 1 || value === '1') return 1;
  if (value === false || value === 0 || value === '0') return 0;
  throw badRequest('server.invalidValue', { key: 'mustChangePassword' });
}

async function columnsFor(password: string, mustChange = 1) {
  return { password_hash: await hashPassword(password), must_change_password: mustChange };
}
