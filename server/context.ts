/**
 * The services a route needs, built once by buildApp and handed to each route module. Passing it
 * explicitly (instead of decorating Fastify) keeps types plain and makes each dependency visible.
 */
import type { Config } from './config';
import type { Db } from './db/create-db';
import type { TableNames } from './db/tables';
import type { CaptchaStore } from './auth/captcha';
import type { LoginAttempts } from './auth/rate-limit';
import type { SessionStore } from './auth/sessions';
import type { TableRegistry } from './modules/registry';
import type { AppStore } from './platform/apps';
import type { SettingsStore } from './platform/settings-store';
import type { EventBus } from './bus/index';

export interface ServerContext {
  config: Config;
  db: Db;
  tables: TableNames;
  registry: TableRegistry;
  apps: AppStore;
  /** Each app's system settings (docs/settings.md), cached and invalidated over the bus. */
  settings: SettingsStore;
  sessions: SessionStore;
  captcha: CaptchaStore;
  attempts: LoginAttempts;
  now: () => number;
  /** Whether the crypto envelope plugin is active (requests can arrive sealed). */
  envelope: boolean;
  /** Events to every instance (schema changes, sign-outs...): docs/schemas.md "Bus and SSE". */
  bus: EventBus;
}
