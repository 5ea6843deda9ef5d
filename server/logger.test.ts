import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config';
import { loggerOptions } from './logger';

const lines: string[] = [];
let app: FastifyInstance;

beforeAll(async () => {
  const config = loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'info' });
  app = await buildApp({ config, distDir: '.tmp/no-dist', logStream: { write: (line) => void lines.push(line) } });
});
afterAll(() => app.close());

it('redacts secrets from logged objects', () => {
  app.log.info(
    {
      password: 'pw-1',
      token: 'tok-2',
      private_key: 'pk-3',
      body: { password: 'pw-4', token: 'tok-5', password_hash: 'h-6' },
      req: { headers: { authorization: 'auth-7' } },
    },
    'probe',
  );
  const line = lines.find((l) => l.includes('probe'))!;
  expect(line).toBeDefined();
  for (const secret of ['pw-1', 'tok-2', 'pk-3', 'pw-4', 'tok-5', 'h-6', 'auth-7']) expect(line).not.toContain(secret);
  expect(line).toContain('[redacted]');
});

it('does not log the authorization header of a request', async () => {
  await app.inject({ url: '/api/health', headers: { authorization: 'secret-token-value-0123456789' } });
  expect(lines.join('')).not.toContain('secret-token-value');
});

it('builds no logger at all for LOG_LEVEL=silent (nothing to write, no per-request child logger)', async () => {
  expect(loggerOptions({ logLevel: 'silent' })).toBe(false);
  expect(loggerOptions({ logLevel: 'info' })).toMatchObject({ level: 'info' });
  const silent = await buildApp({
    config: loadConfig({ DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'silent' }),
    distDir: '.tmp/no-dist',
  });
  try {
    const reply = await silent.inject({ url: '/api/health' });
    expect(reply.statusCode).toBe(200);
  } finally {
    await silent.close();
  }
});
