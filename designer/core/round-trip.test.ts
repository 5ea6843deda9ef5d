/**
 * Round trip (issue 14 item 3): loading a committed page schema and serialising it unchanged gives
 * the same bytes as the file, for every page under schemas/ and fixtures/ (migration fixtures are
 * frozen at old versions and deliberately broken ones are not page schemas to keep).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as prettier from 'prettier';
import { describe, expect, it } from 'vitest';
import '../../runtime/definitions';
import { META } from '../../runtime/core/schema/meta-ids';
import { countingIds } from './test-fixtures/sample';
import { childrenOf, loadDocument, nodeOf, ROOT_ID, runCommand, serialise, serialiseText, type Command } from './index';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));

function pageFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (relative(ROOT, path) !== join('fixtures', 'migrations')) files.push(...pageFiles(path));
    } else if (entry.endsWith('.json') && !entry.endsWith('.invalid.json')) {
      if ((JSON.parse(readFileSync(path, 'utf8')) as { $schema?: string }).$schema === META.page) files.push(path);
    }
  }
  return files;
}

const files = [...pageFiles(join(ROOT, 'schemas')), ...pageFiles(join(ROOT, 'fixtures'))];

describe('round trip', () => {
  it('finds the committed pages', () => {
    const names = files.map((file) => relative(ROOT, file));
    expect(names).toContain(join('schemas', 'pages', 'system', 'user.json'));
    expect(names).toContain(join('schemas', 'apps', 'demo', 'modules', 'customer.json'));
    expect(names).toContain(join('schemas', 'apps', 'demo', 'dashboards', 'overview.json'));
    expect(names.length).toBeGreaterThanOrEqual(15);
  });

  it.each(files.map((file) => [relative(ROOT, file), file]))('%s loads and serialises byte for byte', (_name, file) => {
    const text = readFileSync(file, 'utf8');
    const loaded = loadDocument(text);
    if (!loaded.ok) throw new Error(JSON.stringify(loaded.issues));
    expect(serialiseText(loaded.doc)).toBe(text);
    expect(JSON.stringify(serialise(loaded.doc))).toBe(JSON.stringify(JSON.parse(text)));
  });
});

describe('what the designer writes', () => {
  it('is already prettier-clean after edits (new nodes, a grown one-line object, copies)', async () => {
    const file = join(ROOT, 'schemas', 'apps', 'demo', 'modules', 'customer.json');
    const loaded = loadDocument(readFileSync(file, 'utf8'));
    if (!loaded.ok) throw new Error('not loaded');
    let doc = loaded.doc;
    const [list] = childrenOf(doc, ROOT_ID);
    const first = childrenOf(doc, list)[0];
    const run = (command: Command) => {
      const outcome = runCommand(doc, command, countingIds());
      if (!outcome.ok) throw new Error(outcome.message.en);
      doc = outcome.doc;
      return outcome;
    };
    const grid = run({ type: 'insert', entry: { kind: 'node', type: 'grid' }, parent: list, index: 0 }).select!;
    run({ type: 'insert', entry: { kind: 'widget', type: 'select' }, parent: grid, index: 0 });
    run({ type: 'insert', entry: { kind: 'widget', type: 'number' }, parent: grid, index: 1 });
    run({
      type: 'addPane',
      tab: run({ type: 'insert', entry: { kind: 'node', type: 'tab' }, parent: list, index: 1 }).select!,
      index: 1,
    });
    run({
      type: 'updateSettings',
      id: first,
      values: { title__en: 'A title long enough that its object no longer fits on the line it had before' },
    });
    run({ type: 'duplicate', id: first });
    run({ type: 'move', id: first, parent: grid, index: 1 });
    expect(nodeOf(doc, first)!.title).toMatchObject({ en: expect.stringContaining('long enough') });
    const text = serialiseText(doc);
    const options = (await prettier.resolveConfig(file)) ?? {};
    expect(await prettier.format(text, { ...options, filepath: file, parser: 'json' })).toBe(text);
  });
});
