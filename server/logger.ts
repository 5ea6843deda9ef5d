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

export function loggerOptions(config: Pick<Config, 'logLevel'>, stream?: { write(line: string): void }) {
  return {
    level: config.logLevel,
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    ...(stream ? { stream } : {}),
  };
}
