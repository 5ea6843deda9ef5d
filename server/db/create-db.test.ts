import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDb } from './create-db';

describe('createDb', () => {
  it('refuses an unknown scheme with a clear message', () => {
    expect(() => createDb('oracle://x/y')).toThrow(
      'Unsupported database URL scheme "oracle": use sqlite:, postgres:, postgresql:, mysql: or mariadb:',
    );
  });

  it('picks the dialect from the scheme', () => {
    const dialects = [
      'postgres://u@h/d',
      'postgresql://u@h/d',
      'mysql://u@h/d',
      'mariadb://u@h/d',
      'sqlite::memory:',
    ].map((url) => createDb(url));
    expect(dialects.map((d) => d.dialect)).toEqual(['postgres', 'postgres', 'mysql', 'mysql', 'sqlite']);
    return Promise.all(dialects.map((d) => d.destroy()));
  });

  it('opens SQLite in WAL mode with foreign keys and a busy timeout, creating the folder', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tessera-db-'));
    const file = join(dir, 'nested', 'deeper', 'x.db');
    const db = createDb(`sqlite:${file}`);
    try {
      const pragma = async (name: string) =>
        Object.values((await sql.raw(`pragma ${name}`).execute(db.db)).rows[0] as object)[0];
      expect(await pragma('journal_mode')).toBe('wal');
      expect(await pragma('foreign_keys')).toBe(1);
      expect(await pragma('busy_timeout')).toBe(5000);
      expect(existsSync(file)).toBe(true);
    } finally {
      await db.destroy();
      await db.destroy();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
