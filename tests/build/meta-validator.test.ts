/**
 * The precompiled page meta-schema validator (runtime/core/schema/meta-validator.generated.js,
 * written by scripts/meta-validator.ts): the checked-in file is what the generator makes from the
 * meta-schema files and the registry as they are now (a meta-schema edit or a new widget without
 * `npm run schemas:precompile` fails here), and it judges every committed page, valid or broken,
 * exactly as a fresh runtime compile of the same meta-schema does.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import '../../runtime/definitions';
import { createAjv, META, precompiledValidator, validatePage, validateWith } from '../../runtime/core/schema/ajv';
import { validatePageIssues } from '../../runtime/core/schema/issues';
import { collectJsonFiles } from '../../scripts/schemas-check';
import { GENERATED_FILE, metaValidatorSource } from '../../scripts/meta-validator';

const pageFiles = () =>
  [
    ...collectJsonFiles(['schemas/pages', 'schemas/apps', 'fixtures/pages']),
    ...collectJsonFiles(['fixtures/pages/bad-page.invalid.json']),
  ].filter((file) => readFileSync(file, 'utf8').includes(META.page));

describe('the precompiled meta-schema validator', () => {
  it('is up to date with the meta-schemas and the registry (else: npm run schemas:precompile)', () => {
    const fresh = metaValidatorSource();
    const stale = readFileSync(GENERATED_FILE, 'utf8') !== fresh;
    expect(stale, 'runtime/core/schema/meta-validator.generated.js is stale: run npm run schemas:precompile').toBe(
      false,
    );
  }, 120_000);

  it('is what validatePage and validatePageIssues run, and judges like a runtime compile', () => {
    expect(precompiledValidator(META.page)).toBeTypeOf('function');
    const compiled = createAjv();
    const files = pageFiles();
    expect(files.length).toBeGreaterThan(10);
    let invalid = 0;
    for (const file of files) {
      const json = JSON.parse(readFileSync(file, 'utf8'));
      const result = validatePage(json);
      expect(result, file).toEqual(validateWith(META.page, json, compiled));
      if (!result.valid) invalid += 1;
    }
    expect(invalid).toBeGreaterThan(0);
    // A broken field: the same issues, pointers and all.
    const broken = { schemaVersion: 2, body: [{ type: 'form', key: 'f', fields: [{ key: 'a b', type: 'nope' }] }] };
    const issues = validatePageIssues(broken);
    expect(issues.length).toBeGreaterThan(0);
    expect(issues.map((issue) => issue.pointer)).toContain('/body/0/fields/0/type');
  });
});
