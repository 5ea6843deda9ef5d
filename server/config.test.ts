import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, redactUrl } from './config';

function error(env: NodeJS.ProcessEnv): ConfigError {
  try {
    loadConfig(env);
  } catch (e) {
    if (e instanceof ConfigError) return e;
    throw e;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      databaseUrl: 'sqlite:./data/tessera.db',
      dataDir: './data',
      tablePrefix: 'tessera_sys_',
      logLevel: 'info',
      nodeEnv: 'development',
    });
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://u:p@db:5432/tessera',
      DATA_DIR: '/var/tessera',
      TABLE_PREFIX: 'acme_',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      databaseUrl: 'postgres://u:p@db:5432/tessera',
      dataDir: '/var/tessera',
      tablePrefix: 'acme_',
      logLevel: 'warn',
      nodeEnv: 'production',
    });
    expect(loadConfig({ DATA_DIR: '/srv/t/' }).databaseUrl).toBe('sqlite:/srv/t/tessera.db');
    expect(loadConfig({ DATABASE_URL: 'sqlite::memory:' }).databaseUrl).toBe('sqlite::memory:');
  });

  it('names the variable, the value and what is expected', () => {
    expect(error({ PORT: 'abc' }).message).toBe('Invalid PORT="abc": expected an integer from 0 to 65535.');
    expect(error({ PORT: '70000' }).variable).toBe('PORT');
    expect(error({ TABLE_PREFIX: 'Bad-Prefix' }).message).toContain('TABLE_PREFIX="Bad-Prefix"');
    expect(error({ TABLE_PREFIX: 'a'.repeat(22) }).variable).toBe('TABLE_PREFIX');
    expect(error({ LOG_LEVEL: 'loud' }).message).toBe(
      'Invalid LOG_LEVEL="loud": expected one of fatal, error, warn, info, debug, trace, silent.',
    );
    expect(error({ NODE_ENV: 'staging' }).variable).toBe('NODE_ENV');
    expect(error({ HOST: 'a b' }).variable).toBe('HOST');
    expect(error({ DATABASE_URL: 'sqlite:' }).variable).toBe('DATABASE_URL');
    expect(error({ SQL_TIMEOUT_MS: '50' }).message).toBe(
      'Invalid SQL_TIMEOUT_MS="50": expected milliseconds, an integer from 100 to 600000.',
    );
    expect(error({ SQL_TIMEOUT_MS: '5s' }).variable).toBe('SQL_TIMEOUT_MS');
    expect(loadConfig({ SQL_TIMEOUT_MS: '2500' }).sqlTimeoutMs).toBe(2500);
    expect(error({ LOG_RETENTION_DAYS: '0' }).message).toBe(
      'Invalid LOG_RETENTION_DAYS="0": expected days, an integer from 1 to 36500.',
    );
    expect(error({ LOG_RETENTION_DAYS: '30d' }).variable).toBe('LOG_RETENTION_DAYS');
    expect(loadConfig({ LOG_RETENTION_DAYS: '30' }).logRetentionDays).toBe(30);
    expect(loadConfig({}).logRetentionDays).toBeUndefined();
    expect(loadConfig({}).sqlTimeoutMs).toBeUndefined();
    expect(error({ AGGREGATE_CONCURRENCY: '0' }).message).toBe(
      'Invalid AGGREGATE_CONCURRENCY="0": expected an integer from 1 to 64.',
    );
    expect(loadConfig({ AGGREGATE_CONCURRENCY: '3' }).aggregateConcurrency).toBe(3);
    expect(loadConfig({}).aggregateConcurrency).toBeUndefined();
  });

  it('checks every variable against its schema, with the expected shape in the message', () => {
    // Only plain digits are integers: no exponent, hex or decimal point slips through coercion.
    for (const value of ['1e3', '0x10', '80.0', '-1']) {
      expect(error({ PORT: value }).message).toBe(`Invalid PORT="${value}": expected an integer from 0 to 65535.`);
    }
    expect(error({ IMPORT_MAX_ROWS: '0' }).message).toBe(
      'Invalid IMPORT_MAX_ROWS="0": expected an integer from 1 to 10000.',
    );
    expect(loadConfig({ IMPORT_MAX_ROWS: ' 500 ' }).importMaxRows).toBe(500);
    expect(error({ HOST: 'a b' }).message).toBe(
      'Invalid HOST="a b": expected a host name or IP address such as 127.0.0.1 or 0.0.0.0.',
    );
    expect(error({ TABLE_PREFIX: '1abc' }).message).toBe(
      'Invalid TABLE_PREFIX="1abc": expected lower-case letters, digits and _, starting with a letter, at most 21 characters.',
    );
    expect(error({ NODE_ENV: 'test', TESSERA_TEST_CAPTCHA: 'toolongcode' }).message).toBe(
      'Invalid TESSERA_TEST_CAPTCHA="toolongcode": expected 1 to 8 letters or digits.',
    );
    expect(error({ TRUST_PROXY: 'true' }).variable).toBe('TRUST_PROXY');
    // Empty counts as unset; variables we do not read are left alone.
    expect(loadConfig({ PORT: '  ', LOG_LEVEL: '', UNRELATED: 'x' })).toMatchObject({ port: 3000, logLevel: 'info' });
  });

  it('never shows the password of a database URL', () => {
    const e = error({ DATABASE_URL: 'oracle://admin:s3cr3t@db:1521/x' });
    expect(e.message).toContain('oracle://admin:***@db:1521/x');
    expect(e.message).not.toContain('s3cr3t');
    const noDb = error({ DATABASE_URL: 'postgres://admin:hunter2@db' });
    expect(noDb.message).not.toContain('hunter2');
    expect(redactUrl('mysql://root:p@ss@h/d')).toBe('mysql://root:***@h/d');
    expect(redactUrl('mysql://root@h/d')).toBe('mysql://root@h/d');
  });

  it('allows the test picture code only under NODE_ENV=test', () => {
    expect(loadConfig({ NODE_ENV: 'test', TESSERA_TEST_CAPTCHA: '7e2e' }).testCaptcha).toBe('7e2e');
    expect(error({ NODE_ENV: 'production', TESSERA_TEST_CAPTCHA: '7e2e' }).variable).toBe('TESSERA_TEST_CAPTCHA');
    expect(error({ TESSERA_TEST_CAPTCHA: '7e2e' }).message).toContain('only allowed with NODE_ENV=test');
  });

  it('reads REDIS_URL for the event bus and refuses anything but redis:// or rediss://, without the password', () => {
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379/2' }).redisUrl).toBe('redis://127.0.0.1:6379/2');
    expect(loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380' }).redisUrl).toBe('rediss://:pw@cache:6380');
    expect(loadConfig({}).redisUrl).toBeUndefined();
    const e = error({ REDIS_URL: 'http://user:hunter2@cache:6379' });
    expect(e.variable).toBe('REDIS_URL');
    expect(e.message).not.toContain('hunter2');
    expect(error({ REDIS_URL: 'redis://' }).variable).toBe('REDIS_URL');
  });

  it('reads OUTBOUND_ALLOW_LIST for intranet calls and names a bad entry', () => {
    expect(loadConfig({ OUTBOUND_ALLOW_LIST: '10.1.0.0/16,erp.corp' }).outboundAllowList).toBe('10.1.0.0/16,erp.corp');
    expect(loadConfig({}).outboundAllowList).toBeUndefined();
    const e = error({ OUTBOUND_ALLOW_LIST: '10.0.0.0/99' });
    expect(e.variable).toBe('OUTBOUND_ALLOW_LIST');
    expect(e.message).toContain('10.0.0.0/99');
  });

  it('reads TESSERA_SECRET_KEY and never echoes a bad one', () => {
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ TESSERA_SECRET_KEY: hex }).secretKey).toBe(hex);
    const e = error({ TESSERA_SECRET_KEY: 'hunter2-too-short' });
    expect(e.variable).toBe('TESSERA_SECRET_KEY');
    expect(e.message).not.toContain('hunter2');
  });
});
