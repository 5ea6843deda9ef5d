/**
 * Schema pieces many routes repeat (docs/conventions.md, "Route schemas"). Plain JSON schema
 * objects with descriptions, so the OpenAPI document can be generated from the routes as they are.
 */
import { PASSWORD_MAX_LENGTH } from '../../protocol/constants';
import { ERROR_KEY } from './validation';

/** Minimum password length (the strength rule, docs/auth.md). */
export const PASSWORD_MIN_LENGTH = 8;

/** Required text: at least one non-space character, at most `max`. */
export const text = (max: number, description: string) =>
  ({ type: 'string', minLength: 1, maxLength: max, pattern: '\\S', description }) as const;

/** An object of exactly these properties, all required unless listed in `optional`. */
export function strictObject<P extends Record<string, object>>(
  properties: P,
  description: string,
  optional: (keyof P)[] = [],
) {
  return {
    type: 'object',
    description,
    properties,
    required: Object.keys(properties).filter((key) => !optional.includes(key)),
    additionalProperties: false,
  } as const;
}

/** The app's identifier, on public routes that come before a session. */
export const identify = text(64, 'The app identifier (app.identify)');

/** A mainland mobile number; surrounding spaces are allowed and trimmed by the handler. */
export const mobile = {
  type: 'string',
  maxLength: 32,
  pattern: '^\\s*1[3-9]\\d{9}\\s*$',
  [ERROR_KEY]: 'auth.mobileInvalid',
  description: 'Mobile number, 11 digits starting with 1',
} as const;

/** A six-digit SMS code; a wrong one is told as wrong, not as malformed (checked by the handler). */
export const smsCode = text(16, 'The SMS code received (6 digits)');

/**
 * A new password: 8–120 characters here (the floor no app setting goes below); the app's policy
 * (length, kinds of character, history, docs/settings.md) is the handler's, since it varies per app.
 */
export const newPassword = {
  type: 'string',
  minLength: PASSWORD_MIN_LENGTH,
  maxLength: PASSWORD_MAX_LENGTH,
  [ERROR_KEY]: 'auth.weakPassword',
  description: "The new password: 8–120 characters, and what the app's password policy asks",
} as const;

/** A password being checked (sign-in, the current password): any non-blank text. */
export const password = text(PASSWORD_MAX_LENGTH, 'The password');

/** A record id (server/db/ids.ts makes them; older data may hold other short ids). */
export const recordId = {
  type: 'string',
  pattern: '^[A-Za-z0-9_-]{1,64}$',
  description: 'A record id',
} as const;

/** A table's name in the common API's URL (resolved against the app's registry, never used as SQL). */
export const tableName = {
  type: 'string',
  pattern: '^[A-Za-z0-9_]{1,64}$',
  description: 'The table (module) name, as the app registers it',
} as const;

/** Params of a route on a whole table: /api/common/:table... */
export const tableParams = strictObject({ table: tableName }, 'The table addressed');

/** Params of a route on one record: /api/common/:table/:id */
export const recordParams = strictObject({ table: tableName, id: recordId }, 'The table and the record addressed');

/** A body that is a record's fields: which keys are writable is the table's (checked by the handler). */
export const recordBody = {
  type: 'object',
  description: "The record's fields: writable columns of the table, by name",
} as const;

/** What every stored-schema save (module, dashboard) takes: its title, the schema, the base version. */
export const schemaSaveProperties = {
  title: { type: ['string', 'null'], description: 'Title shown in the designer (cut to 255 characters)' },
  schema: { type: ['object', 'string'], description: 'The page schema: an object or its JSON text' },
  base_version: {
    type: ['integer', 'null'],
    minimum: 0,
    description: 'The version this save was based on: another save since then is a conflict (P4009)',
  },
} as const;

/** The optional body of a rollback: the version the caller was looking at. */
export const rollbackBody = {
  type: ['object', 'null'],
  properties: { base_version: schemaSaveProperties.base_version },
  additionalProperties: false,
  description: 'Optional: the version the caller was looking at (a save since then is a conflict)',
} as const;
