/**
 * The shape checks of a sealed request's input (envelope.ts): the outer `{ params }` of query and
 * body, and the decrypted plaintext (JSON without prototype poisoning; a query of scalars, a body
 * object or array). Each failure is a Rejection, which the plugin answers with the uniform 400.
 */
import { PARAMS_FIELD } from '../../protocol/envelope/constants';
import { reject } from './envelope-crypto';

/** The sealed params of a query or body: absent, or exactly `{ params: string }` and nothing else. */
export function paramsOf(value: unknown, where: 'query' | 'body'): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'object' || Array.isArray(value)) return reject(`${where} is not sealed`);
  const names = Object.keys(value);
  if (names.length === 0 && where === 'query') return undefined;
  if (names.length !== 1 || names[0] !== PARAMS_FIELD) return reject(`${where} is not sealed`);
  const params = (value as Record<string, unknown>)[PARAMS_FIELD];
  if (typeof params !== 'string' || params.length === 0) return reject(`${where} params not a string`);
  return params;
}

/**
 * JSON.parse, refusing __proto__ and constructor.prototype keys as Fastify's own body parser does
 * (prototype poisoning); the slower reviver only runs when such a word occurs at all.
 */
export function parseJson(text: string): unknown {
  try {
    if (!/__proto__|constructor/.test(text)) return JSON.parse(text);
    return JSON.parse(text, (name, value: unknown) => {
      if (name === '__proto__') throw new SyntaxError('__proto__');
      if (name === 'constructor' && typeof value === 'object' && value !== null && 'prototype' in value) {
        throw new SyntaxError('constructor.prototype');
      }
      return value;
    });
  } catch {
    return reject('plaintext not JSON');
  }
}

/** A sealed query has the shape of a parsed query string: scalars or arrays of scalars. */
export function queryValue(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return reject('query not an object');
  for (const item of Object.values(value)) {
    const list = Array.isArray(item) ? item : [item];
    if (!list.every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v))) {
      reject('query value not scalar');
    }
  }
  return value as Record<string, unknown>;
}

export function bodyValue(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return reject('body not an object or array');
  return value;
}
