/**
 * `npm run lint` holds the layers (docs/architecture.md, "Layers"): this plants files that break
 * them inside the tree, lints them with the project's own ESLint config through ESLint's Node API,
 * and expects each to fail with the rule that guards it. The planted files are removed afterwards.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(fileURLToPath(new URL('../..', import.meta.url)));
// One folder per run and place, named so a leftover is obvious; removed in afterAll.
const probe = (area: string) => join(ROOT, area, `__layers-probe-${process.pid}`);
const CORE = probe('runtime/core');
const PREFS = probe('server/prefs');
const DESIGNER = probe('designer/core');
const SHELL = probe('src');

const files: Record<string, string> = {
  // core reaching up to the widgets and into React
  [join(CORE, 'upward.ts')]:
    "import '../../widgets/definitions';\nimport { useState } from 'react';\nexport const x = useState;\n",
  // two modules importing each other
  [join(CORE, 'cycle-a.ts')]: "import { b } from './cycle-b';\nexport const a = () => b;\n",
  [join(CORE, 'cycle-b.ts')]: "import { a } from './cycle-a';\nexport const b = () => a;\n",
  // core importing what is below it: allowed
  [join(CORE, 'downward.ts')]: "import { ResultCode } from '../../../protocol/codes';\nexport const ok = ResultCode;\n",
  // the designer's headless core reaching into the runtime's React adapter and React itself
  [join(DESIGNER, 'upward.ts')]:
    "import '../../../runtime/react/bindings';\nimport { useState } from 'react';\nexport const x = useState;\n",
  // ... and standing on the runtime's core: allowed
  [join(DESIGNER, 'downward.ts')]:
    "import { getNode } from '../../../runtime/core/registry';\nexport const node = getNode;\n",
  // nothing but the designer itself imports designer/core (the shell reaches it through designer/react)
  [join(SHELL, 'designer.ts')]: "import { ROOT_ID } from '../../designer/core/types';\nexport const root = ROOT_ID;\n",
  // the shell reaches the React designer only through its barrel (the lazy design/{id} route) ...
  [join(SHELL, 'designer-inside.ts')]:
    "import { Canvas } from '../../designer/react/Canvas';\nexport const c = Canvas;\n",
  [join(SHELL, 'designer-barrel.ts')]: "export const load = () => import('../../designer/react');\n",
  // a server feature importing a feature it has no declared edge to (prefs may use auth only)
  [join(PREFS, 'cross.ts')]: "import { newQrKey } from '../../platform/apps';\nexport const key = newQrKey;\n",
  // ... and one it has, through that feature's seam
  [join(PREFS, 'seam.ts')]:
    "import { requireAuth } from '../../auth/session-hook';\nexport const guard = requireAuth;\n",
};

let results: Map<string, string[]>;

beforeAll(async () => {
  for (const dir of [CORE, PREFS, DESIGNER, SHELL]) mkdirSync(dir, { recursive: true });
  for (const [file, text] of Object.entries(files)) writeFileSync(file, text);
  const eslint = new ESLint({ cwd: ROOT });
  const linted = await eslint.lintFiles(Object.keys(files));
  results = new Map(linted.map((r) => [r.filePath, r.messages.map((m) => m.ruleId ?? m.message)]));
}, 240_000);

afterAll(() => {
  for (const dir of [CORE, PREFS, DESIGNER, SHELL]) rmSync(dir, { recursive: true, force: true });
});

describe('the lint holds the layers', () => {
  it('fails an upward import from runtime/core, by layer and by package', () => {
    const rules = results.get(join(CORE, 'upward.ts'));
    expect(rules).toContain('boundaries/dependencies');
    expect(rules).toContain('no-restricted-imports');
  });

  it('fails an import cycle on both of its modules', () => {
    expect(results.get(join(CORE, 'cycle-a.ts'))).toContain('import-x/no-cycle');
    expect(results.get(join(CORE, 'cycle-b.ts'))).toContain('import-x/no-cycle');
  });

  it('fails a server feature importing a feature it declares no edge to', () => {
    expect(results.get(join(PREFS, 'cross.ts'))).toEqual(['boundaries/dependencies']);
  });

  it('keeps designer/core headless and imported by nobody else', () => {
    const rules = results.get(join(DESIGNER, 'upward.ts'));
    expect(rules).toContain('boundaries/dependencies');
    expect(rules).toContain('no-restricted-imports');
    expect(results.get(join(DESIGNER, 'downward.ts'))).toEqual([]);
    expect(results.get(join(SHELL, 'designer.ts'))).toEqual(['boundaries/dependencies']);
  });

  it('lets the shell reach the React designer through its barrel only', () => {
    expect(results.get(join(SHELL, 'designer-inside.ts'))).toEqual(['boundaries/dependencies']);
    expect(results.get(join(SHELL, 'designer-barrel.ts'))).toEqual([]);
  });

  it('passes imports along declared edges', () => {
    expect(results.get(join(CORE, 'downward.ts'))).toEqual([]);
    expect(results.get(join(PREFS, 'seam.ts'))).toEqual([]);
  });
});
