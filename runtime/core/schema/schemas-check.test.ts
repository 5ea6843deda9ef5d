import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { checkFiles, collectJsonFiles, formatProblem, ROOT } from '../../../scripts/schemas-check';

const run = promisify(execFile);

describe('schemas:check', () => {
  it('skips *.invalid.json in a tree walk but checks it when named', () => {
    const walked = collectJsonFiles(['fixtures/pages']).map((f) => f.slice(ROOT.length + 1));
    expect(walked).toContain('fixtures/pages/all-widgets.page.json');
    expect(walked).not.toContain('fixtures/pages/bad-page.invalid.json');
    expect(collectJsonFiles(['fixtures/pages/bad-page.invalid.json'])).toHaveLength(1);
  });

  it('reports `file:/json/pointer reason` for the bad fixture, its old version first', () => {
    const problems = checkFiles(collectJsonFiles(['fixtures/pages/bad-page.invalid.json']));
    expect(problems.map(formatProblem)).toContain(
      'fixtures/pages/bad-page.invalid.json:/body/0/fields/0/colour is not an allowed property',
    );
    expect(formatProblem(problems[0])).toBe(
      'fixtures/pages/bad-page.invalid.json:/schemaVersion is 1, the latest is 2: run npm run schemas:migrate',
    );
    expect(problems).toHaveLength(8);
  });

  it('passes the meta-schemas (2020-12 dialect) and valid pages', () => {
    expect(checkFiles(collectJsonFiles(['schemas/meta', 'fixtures/pages', 'schemas/apps/demo/modules']))).toEqual([]);
  });

  it('a file without a usable $schema, or with an unknown one, is an error', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const dir = mkdtempSync(join(tmpdir(), 'schemas-check-'));
    writeFileSync(join(dir, 'none.json'), '{"a":1}');
    writeFileSync(join(dir, 'unknown.json'), '{"$schema":"tessera://meta/nope.json"}');
    writeFileSync(join(dir, 'broken.json'), '{"$schema":');
    writeFileSync(join(dir, 'meta.json'), '{"$schema":"https://json-schema.org/draft/2020-12/schema","type":"objekt"}');
    const messages = checkFiles(collectJsonFiles([dir])).map(
      (p) => `${p.file.split('/').pop()} ${p.path} ${p.message}`,
    );
    expect(messages).toEqual([
      expect.stringMatching(/^broken\.json {2}not valid JSON/),
      'meta.json /type must be one of: "array", "boolean", "integer", "null", "number", "object", "string", or must be array',
      'none.json /$schema missing: name the meta-schema this file follows',
      'unknown.json /$schema unknown meta-schema tessera://meta/nope.json',
    ]);
  });

  it('the npm script exits 1 on the bad fixture and prints one line per problem', async () => {
    const failure = await run('npx', ['tsx', 'scripts/schemas-check.ts', 'fixtures/pages/bad-page.invalid.json'], {
      cwd: ROOT,
    }).catch((e) => e);
    expect(failure.code).toBe(1);
    expect(failure.stderr).toContain('fixtures/pages/bad-page.invalid.json:/body/0/fields/1/type must be one of:');
    const ok = await run('npx', ['tsx', 'scripts/schemas-check.ts', 'fixtures/pages/all-widgets.page.json'], {
      cwd: ROOT,
    });
    expect(ok.stdout).toContain('1 file(s), 0 problem(s)');
    // Two tsx processes, each compiling the meta-schemas: ~15 s apiece on the shared, loaded machine.
  }, 90_000);
});
