/**
 * Logger options (pino, through Fastify). Secrets are redacted wherever they would appear in a
 * logged object: tokens, passwords, private keys, the authorization header.
 */
import type { Config } from './config';

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers.authorization',
  'headers.authorization',
  'authorization',
  'password',
  '*.password',
  'password_hash',
  '*.password_hash',
  'token',
  '*.token',
  'private_key',
  '*.private_key',
  'privateKey',
  '*.privateKey',
  'qr_key',
  '*.qr_key',
  'qrKey',
  '*.qrKey',
];

/**
 * Fastify's logger option. LOG_LEVEL=silent answers false, not a pino logger at level silent: with
 * a logger Fastify builds a child logger per request and listens for each response's end to time
 * it (~20 µs of CPU per request, docs/benchmarks-log.md "List endpoint"), all to write nothing.
 * request.log is then Fastify's no-op logger.
 */
export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: { write(line: string): void }) {
  if (config.logLevel === 'silent') return false;
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
