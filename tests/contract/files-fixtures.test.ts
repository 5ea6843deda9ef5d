import { describe, expect, it } from 'vitest';
import { checkFiles, collectJsonFiles } from '../../scripts/schemas-check';

describe('upload widget fixtures', () => {
  it('the upload widgets page validates against the meta-schema', () => {
    const files = collectJsonFiles(['fixtures/files']);
    expect(files.some((f) => f.endsWith('upload-widgets.page.json'))).toBe(true);
    expect(checkFiles(files)).toEqual([]);
  });

  it('a bad upload prop is refused (props are checked by the widget schema)', async () => {
    const { mkdtempSync, writeFileSync, readFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const { tmpdir } = await import('node:os');
    const page = JSON.parse(readFileSync('fixtures/files/upload-widgets.page.json', 'utf8'));
    page.body[0].fields[0].props = { action: '../../evil', fileNum: -1 };
    const dir = mkdtempSync(join(tmpdir(), 'tessera-fixture-'));
    const file = join(dir, 'bad.page.json');
    writeFileSync(file, JSON.stringify(page));
    expect(checkFiles([file]).length).toBeGreaterThan(0);
  });
});
