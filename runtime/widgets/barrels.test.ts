/**
 * Nothing but the folders names a type: every widget / node folder must be in its barrels, or the
 * registry, the meta-schema and the renderer silently miss it.
 */
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const runtimeDir = join(dirname(fileURLToPath(import.meta.url)), '..');

function folders(kind: 'widgets' | 'nodes', file: string): string[] {
  const dir = join(runtimeDir, kind);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(dir, entry.name, file)))
    .map((entry) => entry.name)
    .sort();
}

function imported(barrel: string, suffix: string): string[] {
  const text = readFileSync(join(runtimeDir, barrel), 'utf8');
  // Static (`from './x/…'`, `import './x/…'`) and dynamic (`import('./x/…')`) imports alike.
  return [...text.matchAll(new RegExp(`(?:from |import |import\\()'\\./([\\w-]+)/${suffix}'`, 'g'))]
    .map((m) => m[1])
    .sort();
}

describe('barrels list every folder', () => {
  it('runtime/widgets/definitions.ts imports every widgets/*/definition.ts', () => {
    const list = folders('widgets', 'definition.ts');
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(imported('widgets/definitions.ts', 'definition')).toEqual(list);
  });

  it('runtime/widgets/components.ts imports and binds every widgets/*/component.tsx', async () => {
    const list = folders('widgets', 'component.tsx');
    expect(list).toEqual(folders('widgets', 'definition.ts'));
    expect(imported('widgets/components.ts', 'component')).toEqual(list);
    // Each type loads its own folder's component (a lazy loader per type), and is bound under it.
    const text = readFileSync(join(runtimeDir, 'widgets/components.ts'), 'utf8');
    for (const type of list)
      expect(text).toMatch(new RegExp(`'?${type}'?: \\(\\) => import\\('\\./${type}/component'\\)`));
    const { WIDGET_LOADERS } = await import('./components');
    const { getWidgetComponent } = await import('../react/bindings');
    expect(Object.keys(WIDGET_LOADERS).sort()).toEqual(list);
    for (const type of list) expect(getWidgetComponent(type), type).toBeTypeOf('function');
  });

  it('a lazily bound widget loads the component its folder exports', async () => {
    const { WIDGET_LOADERS } = await import('./components');
    const { InputWidget } = await import('./input/component');
    expect(await WIDGET_LOADERS.input()).toBe(InputWidget);
  });

  it('runtime/nodes/definitions.ts imports every nodes/*/definition.ts', () => {
    expect(imported('nodes/definitions.ts', 'definition')).toEqual(folders('nodes', 'definition.ts'));
  });

  it('each widget folder registers the type named by its folder', async () => {
    const { getWidget } = await import('../core/registry');
    await import('./definitions');
    for (const type of folders('widgets', 'definition.ts')) expect(getWidget(type)?.type).toBe(type);
  });
});
