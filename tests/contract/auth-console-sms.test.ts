/**
 * The embedded SMS provider (SMS_PROVIDER unset → console): the server says so in its log at
 * start, and a code sent is written to the log — and works for sign-in. SQLite in memory: nothing
 * here depends on the database kind (the SMS flows run on all three in auth-sms.test.ts).
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { createDb, type Db } from '../../server/db/create-db';
import { migrateToLatest } from '../../server/db/migrations/index';
import { seedApps } from '../../server/seed';

let app: FastifyInstance;
let db: Db;
const lines: Record<string, unknown>[] = [];

beforeAll(async () => {
  delete process.env.SMS_PROVIDER;
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATABASE_URL: 'sqlite::memory:' });
  db = createDb(config.databaseUrl);
  await migrateToLatest(db, config.tablePrefix);
  await seedApps(db, config.tablePrefix, 'schemas/apps', Date.now());
  await db.db.updateTable('tessera_sys_app').set({ encrypt: 0 }).execute();
  app = await buildApp({
    config,
    db,
    distDir: '.tmp/no-dist',
    logStream: { write: (line: string) => void lines.push(JSON.parse(line)) },
  });
});
afterAll(async () => {
  await app?.close();
  await db?.destroy();
});

it('announces the console provider at start and writes each code to the log', async () => {
  expect(lines.some((l) => String(l.msg).includes('SMS_PROVIDER=console'))).toBe(true);
  const sent = await app.inject({
    method: 'POST',
    url: '/api/auth/sendSmsCode',
    payload: { identify: 'demo', mobile: '13800000000', scene: 'login' },
  });
  expect(sent.json().code).toBe('200');
  const logged = lines.find((l) => l.mobile === '13800000000' && typeof l.smsCode === 'string');
  expect(logged?.smsCode).toMatch(/^\d{6}$/);
  const login = await app.inject({
    method: 'POST',
    url: '/api/auth/smsLogin',
    payload: { identify: 'demo', mobile: '13800000000', code: logged!.smsCode },
  });
  expect(login.json().code).toBe('200');
  expect(login.json().data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
});
