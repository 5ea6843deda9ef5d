// @vitest-environment jsdom
// jsdom, as the rich-editor test: wangEditor needs a spec-compliant DOM to finish mounting.
/**
 * Render snapshots (issue 13 item 8): every committed page schema under fixtures/pages/ and
 * schemas/ renders over the memory provider and is written as a readable outline (node types,
 * field titles, widget kinds, required marks, visible buttons, columns, tabs; tests/snapshots/
 * normalize.ts) compared with tests/snapshots/pages/<path>.txt. A runtime change that alters what a
 * page shows appears as a text diff in review; `npx vitest run tests/snapshots -u` rewrites the
 * files after an intended change. A fixture that breaks the meta-schema fails with file:pointer.
 */
import '../dom-setup';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RequestOptions } from '../../protocol/http';
import type { PageSchema } from '../../protocol/page-schema';
import { createMemoryProvider } from '../../runtime/core/data/memory';
import { META } from '../../runtime/core/schema/meta-ids';
import { crossReferenceIssues, validatePageIssues } from '../../runtime/core/schema/issues';
import { renderPage } from '../../runtime/nodes/list/test-harness';
import { outline } from './normalize';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../runtime/definitions';

// wangEditor is the one widget that imports itself inside the widget; load it up front so a page
// with a rich editor settles quickly and is never unmounted while the editor is still mounting.
await import('../../runtime/widgets/rich-editor/wang-editor');

// The test DOM replaces the URL global, so the repository root comes from this file's folder.
const ROOT = resolve(__dirname, '..', '..');
const jsonFiles = (dir: string): string[] =>
  readdirSync(dir)
    .sort()
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return jsonFiles(path);
      return path.endsWith('.json') && !path.endsWith('.invalid.json') ? [path] : [];
    });

/** Every page schema (by its $schema) under the committed roots, deliberately broken ones excepted. */
const pages = [...jsonFiles(join(ROOT, 'fixtures/pages')), ...jsonFiles(join(ROOT, 'schemas'))]
  .map((file) => ({ file: relative(ROOT, file), json: JSON.parse(readFileSync(file, 'utf8')) as PageSchema }))
  .filter(({ json }) => (json as { $schema?: string }).$schema === META.page);

/** Dictionaries and tables the memory harness does not hold answer empty, so every page renders its shape. */
const intercept = (call: RequestOptions) => {
  const url = call.url.replace(/^\/+/, '');
  const list = /^common\/([^/]+)\/list$/.exec(url);
  if (list && list[1] !== 'customer') return createMemoryProvider({ rows: [], columns: [], table: list[1]! }).list({});
  if (call.method === 'GET' && !url.startsWith('common/') && !url.startsWith('prefs/'))
    return { code: 200, message: 'success', data: [] };
  return undefined;
};

/** Problems of a page as `file:pointer message`, the form a reviewer can jump from. */
function problems(file: string, json: unknown): string[] {
  const issues = validatePageIssues(json);
  return (issues.length ? issues : crossReferenceIssues(json)).map(
    (i) => `${file}:${i.pointer || '/'} ${i.message.en}`,
  );
}

/** Renders and waits until lazy widgets and first loads settle: the outline stays the same for three polls. */
async function settledOutline(schema: PageSchema): Promise<string> {
  const { container } = renderPage({ schema, intercept });
  let last = '';
  let same = 0;
  await waitFor(
    () => {
      const busy =
        container.querySelector('[aria-busy="true"], .ant-spin-spinning, .ant-skeleton') ||
        container.textContent?.includes('加载中...');
      const now = outline(container);
      same = now === last && !busy ? same + 1 : 0;
      last = now;
      expect(same).toBeGreaterThanOrEqual(3);
    },
    { interval: 60, timeout: 60_000 },
  );
  return last;
}

const snapshotPath = (file: string) => resolve(__dirname, 'pages', `${file.replace(/\.json$/, '')}.txt`);

describe('render snapshots of the committed page schemas', () => {
  it('finds the pages to snapshot', () => {
    expect(pages.map((p) => p.file)).toEqual(
      expect.arrayContaining(['fixtures/pages/all-widgets.page.json', 'schemas/apps/demo/modules/customer.json']),
    );
  });

  for (const { file, json } of pages) {
    it(
      file,
      async () => {
        expect(problems(file, json)).toEqual([]);
        await expect(await settledOutline(json)).toMatchFileSnapshot(snapshotPath(file));
      },
      90_000,
    );
  }
});

describe('the snapshot can fail', () => {
  const { file, json } = pages.find((p) => p.file === 'fixtures/pages/blocks-linkage.page.json')!;

  it('a fixture with a field retitled and made optional renders a different outline', async () => {
    const original = await settledOutline(json);
    const changed = structuredClone(json) as any;
    const field = changed.body[0].fields[0];
    field.title = '改过的标题';
    if (field.validator) field.validator = field.validator.filter((v: { type?: string }) => v.type !== 'required');
    field.required = false;
    const outlineOfChanged = await settledOutline(changed as PageSchema);
    expect(outlineOfChanged).not.toEqual(original);
    expect(original).toContain('field "客户名称" *required → input');
    expect(outlineOfChanged).toContain('field "改过的标题" → input');
    expect(original).not.toContain('改过的标题');
    expect(file).toBe('fixtures/pages/blocks-linkage.page.json');
  });

  it('a broken fixture fails with its file and JSON pointer', () => {
    const file = 'fixtures/pages/bad-page.invalid.json';
    const broken = JSON.parse(readFileSync(resolve(ROOT, file), 'utf8'));
    const found = problems(file, broken);
    expect(found.length).toBeGreaterThan(0);
    for (const line of found) expect(line).toMatch(/^fixtures\/pages\/bad-page\.invalid\.json:\/\S* /);
  });
});
