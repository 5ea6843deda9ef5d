/**
 * The initial password of a user added through the common API (issue 22 item 4). The body of
 * POST common/{prefix}sys_user may carry `password`: typed by the admin, it must pass the same
 * policy as a change of password (auth/bodies.ts checkPassword); left empty, the server generates
 * one and answers it once, in the create response only. Either way only the scrypt hash is stored
 * and the user is flagged to change it at first sign-in. The password is not a column of the
 * table (system-tables.ts), so no read returns it and an update cannot set it.
 */
import { randomInt } from 'node:crypto';
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';
import { checkPassword } from '../auth/bodies';
import { hashPassword } from '../auth/passwords';
import { badRequest } from '../errors';
import { isPlainObject, type Row } from './values';

// No look-alikes (0/O, 1/l/I): the admin reads the generated password out to the user.
const LETTERS = 'abcdefghijkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
const GENERATED_LENGTH = 12;

/** A random password with letters and digits (so it passes checkPassword), from a CSPRNG. */
export function generatePassword(): string {
  const all = LETTERS + DIGITS;
  const chars = [LETTERS[randomInt(LETTERS.length)], DIGITS[randomInt(DIGITS.length)]];
  while (chars.length < GENERATED_LENGTH) chars.push(all[randomInt(all.length)]);
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

export async function takeInitialPassword(body: unknown): Promise<InitialPassword> {
  if (!isPlainObject(body)) return { body, columns: await columnsFor(generatePassword()) };
  const { password, ...rest } = body as Row;
  if (password !== undefined && password !== null && typeof password !== 'string')
    throw badRequest('server.invalidValue', { key: 'password' });
  const typed = typeof password === 'string' && password !== '' ? password : undefined;
  if (typed !== undefined) {
    if (typed.length > PASSWORD_MAX_LENGTH) throw badRequest('auth.weakPassword');
    checkPassword(typed);
    return { body: rest, columns: await columnsFor(typed) };
  }
  const generated = generatePassword();
  return { body: rest, columns: await columnsFor(generated), generated };
}

async function columnsFor(password: string) {
  return { password_hash: await hashPassword(password), must_change_password: 1 };
}
