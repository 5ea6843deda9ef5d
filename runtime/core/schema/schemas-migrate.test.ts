import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import { checkFiles, collectJsonFiles, ROOT } from '../../../scripts/schemas-check';
import { migrateFiles, migrateText } from '../../../scripts/schemas-migrate';

const step = join(ROOT, 'fixtures/migrations/0002-field-ids');
const before = readFileSync(join(step, 'before.json'), 'utf8');
const after = readFileSync(join(step, 'after.json'), 'utf8');

describe('schemas:migrate', () => {
  it('rewrites an old page in its own layout: one-line objects stay on one line, prettier-clean', async () => {
    const text = await migrateText(before, join(step, 'after.json'));
    expect(text).toBe(after);
    expect(text).toContain('  "title": { "zh": "迁移 0002", "en": "Migration 0002" },\n');
    expect(
      await prettier.check(text!, { ...(await prettier.resolveConfig(join(step, 'after.json'))), parser: 'json' }),
    ).toBe(true);
  });

  it('leaves a page at the latest version and any other JSON alone', async () => {
    expect(await migrateText(after, 'x.json')).toBeNull();
    expect(await migrateText(readFileSync(join(ROOT, 'schemas/meta/page.schema.json'), 'utf8'), 'x.json')).toBeNull();
    expect(await migrateText('{"$schema":"tessera://meta/app-template.schema.json"}', 'x.json')).toBeNull();
  });

  it('writes the migrated file, after which schemas:check passes it', async () => {
    // Inside the project (ignored .tmp/), so prettier resolves the project's config as for a committed file.
    mkdirSync(join(ROOT, '.tmp'), { recursive: true });
    const dir = mkdtempSync(join(ROOT, '.tmp', 'schemas-migrate-'));
    const file = join(dir, 'old.page.json');
    writeFileSync(file, before);
    expect(checkFiles([file]).map((p) => p.path)).toEqual(['/schemaVersion']);
    expect(await migrateFiles([file])).toEqual([expect.objectContaining({ from: 1, to: 2 })]);
    expect(readFileSync(file, 'utf8')).toBe(after);
    expect(checkFiles([file])).toEqual([]);
    expect(await migrateFiles([file])).toEqual([]);
    rmSync(dir, { recursive: true });
  });

  it('never walks into the frozen migration fixtures, and every committed page is at the latest version', () => {
    const walked = collectJsonFiles(['schemas', 'fixtures']);
    expect(walked.some((file) => file.includes('fixtures/migrations'))).toBe(false);
    expect(collectJsonFiles([join(step, 'before.json')])).toHaveLength(1);
    expect(checkFiles(walked)).toEqual([]);
  });
});
