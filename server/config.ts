/**
 * Server configuration from environment variables. Everything is validated up front, each
 * variable's shape by one JSON schema (env-schema), so that a bad value stops the server with a
 * message naming the variable, the value and what is expected, instead of failing later and
 * obscurely. Messages never echo a password taken from a database URL.
 */
import { isIP } from 'node:net';
import { envSchema } from 'env-schema';
import { DEFAULT_TABLE_PREFIX } from '../protocol/constants';
import { parseAllowList } from './net/addresses';

export type LogLevel = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
export type NodeEnv = 'development' | 'production' | 'test';

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  dataDir: string;
  tablePrefix: string;
  logLevel: LogLevel;
  nodeEnv: NodeEnv;
  /**
   * TESSERA_TEST_CAPTCHA: end-to-end tests cannot read a picture, so under NODE_ENV=test every
   * picture code is this text (docs/decisions.md). Refused under any other NODE_ENV.
   */
  testCaptcha?: string;
  /** IMPORT_MAX_ROWS: data rows one spreadsheet import may hold (default 200, building-blocks §6). */
  importMaxRows?: number;
  /** SQL_TIMEOUT_MS: time limit of one SQL mode statement (POST common/executeSql), default 5000. */
  sqlTimeoutMs?: number;
  /**
   * AGGREGATE_CONCURRENCY: aggregate statements (dashboard widgets) one instance runs at once on
   * PostgreSQL and MySQL, the longest known first; default the server's cores (docs/dashboards.md).
   */
  aggregateConcurrency?: number;
  /**
   * TRUST_PROXY: the reverse proxies whose X-Forwarded-For gives request.ip (the IP allow list,
   * sign-in limits): their addresses / CIDR ranges, comma-separated. Unset: the socket's peer is
   * the client (docs/decisions.md "IP allow list").
   */
  trustProxy?: string;
  /**
   * REDIS_URL: redis://[user:password@]host[:port][/db] (or rediss://). Set: the event bus runs over
   * Redis pub/sub so several instances see each other's events (docs/schemas.md "Bus and SSE").
   * Unset: the bus is in-process (one instance).
   */
  redisUrl?: string;
  /**
   * METRICS_TOKEN: set, GET /api/metrics needs `authorization: Bearer <token>`; unset, it answers
   * loopback callers only (server/ops/routes.ts). Never logged.
   */
  metricsToken?: string;
  /**
   * OUTBOUND_ALLOW_LIST: for intranet deployments, the addresses, CIDR ranges and host names
   * (`api.corp.example`, `*.corp.example`) that outbound calls (REST data sources, server/net) may
   * reach although they are private, loopback or link-local; comma-separated. Unset: only public
   * addresses (docs/api-sources.md "SSRF guard").
   */
  outboundAllowList?: string;
  /**
   * TESSERA_SECRET_KEY: the key that encrypts stored secrets (API keys, tokens): 64 hex digits or
   * base64 of 32 bytes. Unset: a key file under DATA_DIR (secret.key) is made on first use
   * (server/secrets, docs/api-sources.md "Secrets at rest").
   */
  secretKey?: string;
  /** LOG_RETENTION_DAYS: days the operation and sign-in logs are kept (default 180, docs/logs.md). */
  logRetentionDays?: number;
  /**
   * The database pool under load (PostgreSQL, MySQL; docs/operations.md "Faults"): DB_POOL_SIZE
   * connections (default 10); a request waits at most DB_ACQUIRE_TIMEOUT_MS (default 5000) for one,
   * then answers 503 P5030; one statement runs at most DB_STATEMENT_TIMEOUT_MS (default 30000).
   */
  dbPool?: DbPoolConfig;
}

export interface DbPoolConfig {
  size?: number;
  acquireTimeoutMs?: number;
  statementTimeoutMs?: number;
}

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(message);
    this.name = 'ConfigError';
  }
}

const LOG_LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
const NODE_ENVS: readonly NodeEnv[] = ['development', 'production', 'test'];
const DB_SCHEMES = ['sqlite', 'postgres', 'postgresql', 'mysql', 'mariadb'];
export const TABLE_PREFIX_PATTERN = /^[a-z][a-z0-9_]{0,20}$/;

/** Replaces the password of a URL so the value can be shown in an error or a log line. */
export function redactUrl(url: string): string {
  const start = url.indexOf('://');
  if (start < 0) return url;
  const slash = url.indexOf('/', start + 3);
  const authorityEnd = slash < 0 ? url.length : slash;
  // The last @ of the authority ends the credentials, even if a raw @ sits inside the password.
  const at = url.lastIndexOf('@', authorityEnd - 1);
  if (at < start) return url;
  const colon = url.indexOf(':', start + 3);
  if (colon < 0 || colon > at) return url;
  return `${url.slice(0, colon + 1)}***${url.slice(at)}`;
}

function fail(variable: string, value: string, expected: string): never {
  throw new ConfigError(variable, `Invalid ${variable}="${value}": expected ${expected}.`);
}

function checkDatabaseUrl(url: string): string {
  const scheme = /^([a-z]+):/i.exec(url)?.[1]?.toLowerCase();
  if (!scheme || !DB_SCHEMES.includes(scheme)) {
    fail('DATABASE_URL', redactUrl(url), 'sqlite:<file> | sqlite::memory: | postgres://… | mysql://… | mariadb://…');
  }
  if (scheme === 'sqlite') {
    if (url.length <= 'sqlite:'.length) fail('DATABASE_URL', url, 'a file path after sqlite: (or sqlite::memory:)');
    return url;
  }
  try {
    const parsed = new URL(url);
    if (!parsed.hostname || parsed.pathname.length < 2) throw new Error('incomplete');
  } catch {
    fail('DATABASE_URL', redactUrl(url), `${scheme}://user[:password]@host[:port]/database`);
  }
  return url;
}

/**
 * The variables' shapes, checked by env-schema (Ajv). Each `description` is the "expected …" text
 * of the error a bad value gets; rules that span variables or parse URLs follow in loadConfig.
 */
const ENV_SCHEMA = {
  type: 'object',
  properties: {
    PORT: { type: 'integer', minimum: 0, maximum: 65535, default: 3000, description: 'an integer from 0 to 65535' },
    HOST: {
      type: 'string',
      pattern: '^[A-Za-z0-9.:\\[\\]-]+$',
      default: '127.0.0.1',
      description: 'a host name or IP address such as 127.0.0.1 or 0.0.0.0',
    },
    DATA_DIR: { type: 'string', default: './data', description: 'a directory path' },
    DATABASE_URL: { type: 'string', description: 'a database URL' },
    TABLE_PREFIX: {
      type: 'string',
      pattern: TABLE_PREFIX_PATTERN.source,
      default: DEFAULT_TABLE_PREFIX,
      description: 'lower-case letters, digits and _, starting with a letter, at most 21 characters',
    },
    LOG_LEVEL: { type: 'string', enum: LOG_LEVELS, default: 'info', description: `one of ${LOG_LEVELS.join(', ')}` },
    NODE_ENV: {
      type: 'string',
      enum: NODE_ENVS,
      default: 'development',
      description: `one of ${NODE_ENVS.join(', ')}`,
    },
    TESSERA_TEST_CAPTCHA: { type: 'string', pattern: '^[A-Za-z0-9]{1,8}$', description: '1 to 8 letters or digits' },
    // Unset: the import's own default (200) applies.
    IMPORT_MAX_ROWS: { type: 'integer', minimum: 1, maximum: 10000, description: 'an integer from 1 to 10000' },
    SQL_TIMEOUT_MS: {
      type: 'integer',
      minimum: 100,
      maximum: 600000,
      description: 'milliseconds, an integer from 100 to 600000',
    },
    AGGREGATE_CONCURRENCY: { type: 'integer', minimum: 1, maximum: 64, description: 'an integer from 1 to 64' },
    TRUST_PROXY: {
      type: 'string',
      description: 'proxy addresses or CIDR ranges, comma-separated (e.g. 10.0.0.1,10.1.0.0/16)',
    },
    REDIS_URL: { type: 'string', description: 'redis://[user:password@]host[:port][/db] or rediss://…' },
    METRICS_TOKEN: {
      type: 'string',
      pattern: '^[A-Za-z0-9._~+/=-]{16,256}$',
      description: '16 to 256 token characters (letters, digits, . _ ~ + / = -)',
    },
    OUTBOUND_ALLOW_LIST: {
      type: 'string',
      description: 'addresses, CIDR ranges or host names (*.corp.example), comma-separated (e.g. 10.1.0.0/16,erp.corp)',
    },
    TESSERA_SECRET_KEY: {
      type: 'string',
      pattern: '^([0-9a-fA-F]{64}|[A-Za-z0-9+/]{43}=)$',
      description: '32 bytes as 64 hex digits or base64 (openssl rand -hex 32)',
    },
    // Unset: 180 days (server/logs/prune.ts).
    LOG_RETENTION_DAYS: {
      type: 'integer',
      minimum: 1,
      maximum: 36500,
      description: 'days, an integer from 1 to 36500',
    },
    DB_POOL_SIZE: { type: 'integer', minimum: 1, maximum: 500, description: 'an integer from 1 to 500' },
    DB_ACQUIRE_TIMEOUT_MS: {
      type: 'integer',
      minimum: 100,
      maximum: 600000,
      description: 'milliseconds, an integer from 100 to 600000',
    },
    DB_STATEMENT_TIMEOUT_MS: {
      type: 'integer',
      minimum: 100,
      maximum: 86400000,
      description: 'milliseconds, an integer from 100 to 86400000',
    },
  },
} as const;

type EnvName = keyof typeof ENV_SCHEMA.properties;

interface Env {
  PORT: number;
  HOST: string;
  DATA_DIR: string;
  DATABASE_URL?: string;
  TABLE_PREFIX: string;
  LOG_LEVEL: LogLevel;
  NODE_ENV: NodeEnv;
  TESSERA_TEST_CAPTCHA?: string;
  IMPORT_MAX_ROWS?: number;
  SQL_TIMEOUT_MS?: number;
  AGGREGATE_CONCURRENCY?: number;
  TRUST_PROXY?: string;
  REDIS_URL?: string;
  METRICS_TOKEN?: string;
  OUTBOUND_ALLOW_LIST?: string;
  TESSERA_SECRET_KEY?: string;
  LOG_RETENTION_DAYS?: number;
  DB_POOL_SIZE?: number;
  DB_ACQUIRE_TIMEOUT_MS?: number;
  DB_STATEMENT_TIMEOUT_MS?: number;
}

/** Integers as plain decimal digits: Ajv's coercion would also take "1e3", "0x10" or "12.0". */
const DIGITS = /^\d{1,9}$/;

/** Trimmed values of the variables we read; an empty one counts as unset. */
function ourVariables(env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, spec] of Object.entries(ENV_SCHEMA.properties)) {
    const value = env[name]?.trim();
    if (!value) continue;
    if (spec.type === 'integer' && !DIGITS.test(value)) fail(name, value, spec.description);
    out[name] = value;
  }
  return out;
}

function validate(raw: Record<string, string>): Env {
  try {
    // env: false — only what we pass is read (tests pass their own env, not process.env).
    return envSchema<Env>({
      schema: structuredClone(ENV_SCHEMA) as object,
      data: { ...raw },
      env: false,
      dotenv: false,
    });
  } catch (error) {
    const first = (error as { errors?: { instancePath?: string }[] }).errors?.[0];
    const name = first?.instancePath?.slice(1) as EnvName | undefined;
    if (!name || !(name in ENV_SCHEMA.properties)) throw error;
    // A secret is never echoed, not even a wrong one.
    const shown =
      name === 'METRICS_TOKEN' || name === 'TESSERA_SECRET_KEY'
        ? '[redacted]'
        : name === 'DATABASE_URL' || name === 'REDIS_URL'
          ? redactUrl(raw[name] ?? '')
          : (raw[name] ?? '');
    fail(name, shown, ENV_SCHEMA.properties[name].description);
  }
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const vars = validate(ourVariables(env));
  const { DATA_DIR: dataDir, NODE_ENV: nodeEnv } = vars;
  const databaseUrl = checkDatabaseUrl(vars.DATABASE_URL ?? `sqlite:${dataDir.replace(/\/+$/, '')}/tessera.db`);

  const testCaptcha = vars.TESSERA_TEST_CAPTCHA;
  if (testCaptcha !== undefined && nodeEnv !== 'test') {
    throw new ConfigError(
      'TESSERA_TEST_CAPTCHA',
      `TESSERA_TEST_CAPTCHA is set but NODE_ENV="${nodeEnv}": it is only allowed with NODE_ENV=test.`,
    );
  }

  // Addresses only, never "true" or a hop count: trusting X-Forwarded-For from any peer would let
  // anyone choose the address the IP allow list sees.
  const trustRaw = vars.TRUST_PROXY;
  if (
    trustRaw !== undefined &&
    !trustRaw.split(',').every((entry) => isIP(entry.trim().replace(/\/\d{1,3}$/, '')) !== 0)
  ) {
    fail('TRUST_PROXY', trustRaw, ENV_SCHEMA.properties.TRUST_PROXY.description);
  }

  const redisRaw = vars.REDIS_URL;
  if (redisRaw !== undefined) {
    let ok: boolean;
    try {
      const parsed = new URL(redisRaw);
      ok = (parsed.protocol === 'redis:' || parsed.protocol === 'rediss:') && parsed.hostname !== '';
    } catch {
      ok = false;
    }
    if (!ok) fail('REDIS_URL', redactUrl(redisRaw), ENV_SCHEMA.properties.REDIS_URL.description);
  }

  const allowRaw = vars.OUTBOUND_ALLOW_LIST;
  if (allowRaw !== undefined) {
    try {
      parseAllowList(allowRaw);
    } catch {
      fail('OUTBOUND_ALLOW_LIST', allowRaw, ENV_SCHEMA.properties.OUTBOUND_ALLOW_LIST.description);
    }
  }

  return {
    port: vars.PORT,
    host: vars.HOST,
    databaseUrl,
    dataDir,
    tablePrefix: vars.TABLE_PREFIX,
    logLevel: vars.LOG_LEVEL,
    nodeEnv,
    ...(testCaptcha === undefined ? {} : { testCaptcha }),
    ...(vars.IMPORT_MAX_ROWS === undefined ? {} : { importMaxRows: vars.IMPORT_MAX_ROWS }),
    ...(vars.SQL_TIMEOUT_MS === undefined ? {} : { sqlTimeoutMs: vars.SQL_TIMEOUT_MS }),
    ...(vars.AGGREGATE_CONCURRENCY === undefined ? {} : { aggregateConcurrency: vars.AGGREGATE_CONCURRENCY }),
    ...(trustRaw === undefined ? {} : { trustProxy: trustRaw }),
    ...(redisRaw === undefined ? {} : { redisUrl: redisRaw }),
    ...(vars.METRICS_TOKEN === undefined ? {} : { metricsToken: vars.METRICS_TOKEN }),
    ...(allowRaw === undefined ? {} : { outboundAllowList: allowRaw }),
    ...(vars.TESSERA_SECRET_KEY === undefined ? {} : { secretKey: vars.TESSERA_SECRET_KEY }),
    ...(vars.LOG_RETENTION_DAYS === undefined ? {} : { logRetentionDays: vars.LOG_RETENTION_DAYS }),
    ...dbPoolOf(vars),
  };
}

/** The pool settings that are set (none: the dialects' defaults, server/db/dialects/pool.ts). */
function dbPoolOf(vars: Env): { dbPool?: DbPoolConfig } {
  const pool: DbPoolConfig = {
    ...(vars.DB_POOL_SIZE === undefined ? {} : { size: vars.DB_POOL_SIZE }),
    ...(vars.DB_ACQUIRE_TIMEOUT_MS === undefined ? {} : { acquireTimeoutMs: vars.DB_ACQUIRE_TIMEOUT_MS }),
    ...(vars.DB_STATEMENT_TIMEOUT_MS === undefined ? {} : { statementTimeoutMs: vars.DB_STATEMENT_TIMEOUT_MS }),
  };
  return Object.keys(pool).length ? { dbPool: pool } : {};
}
