/**
 * The browser bundle's grouping rule (build/chunks.ts): which modules go into the shared
 * `tessera-core` chunk, on small module graphs shaped like the app's.
 */
import { describe, expect, it } from 'vitest';
import { groupedModules } from '../../build/chunks';

const R = '/repo/';
const NM = '/repo/node_modules/';

function graph(edges: Record<string, string[]>, entries: string[]) {
  const ids = [...new Set([...Object.keys(edges), ...Object.values(edges).flat()])];
  return { ids, imports: (id: string) => edges[id] ?? [], isEntry: (id: string) => entries.includes(id) };
}

describe('groupedModules', () => {
  it('groups runtime and protocol modules that need only our code, React and dayjs', () => {
    const grouped = groupedModules(
      graph(
        {
          [`${R}bench/page.tsx`]: [`${R}runtime/nodes/list/index.tsx`],
          [`${R}runtime/nodes/list/index.tsx`]: [`${NM}antd/es/table/index.js`, `${R}runtime/core/codecs/date.ts`],
          [`${R}runtime/core/codecs/date.ts`]: [`${NM}dayjs/dayjs.min.js`, `${R}protocol/constants.ts`],
          [`${R}runtime/react/context.tsx`]: [`${NM}react/index.js`],
        },
        [`${R}bench/page.tsx`],
      ),
    );
    expect([...grouped].sort()).toEqual([
      `${R}protocol/constants.ts`,
      `${R}runtime/core/codecs/date.ts`,
      `${R}runtime/react/context.tsx`,
    ]);
  });

  it('leaves out a module that reaches another library, however indirectly, also through a cycle', () => {
    const grouped = groupedModules(
      graph(
        {
          [`${R}runtime/a.ts`]: [`${R}runtime/b.ts`],
          [`${R}runtime/b.ts`]: [`${R}runtime/a.ts`, `${R}runtime/c.ts`],
          [`${R}runtime/c.ts`]: [`${NM}@formily/core/esm/index.js`],
          [`${R}runtime/light.ts`]: [`${R}runtime/cycle-x.ts`],
          [`${R}runtime/cycle-x.ts`]: [`${R}runtime/cycle-y.ts`],
          [`${R}runtime/cycle-y.ts`]: [`${R}runtime/cycle-x.ts`],
        },
        [],
      ),
    );
    expect([...grouped].sort()).toEqual([`${R}runtime/cycle-x.ts`, `${R}runtime/cycle-y.ts`, `${R}runtime/light.ts`]);
  });

  it('leaves the app shell (an HTML entry and what it imports) and the app pages out', () => {
    const grouped = groupedModules(
      graph(
        {
          [`${R}index.html`]: [`${R}src/main.tsx`],
          [`${R}src/main.tsx`]: [`${R}protocol/messages/index.ts`, `${R}runtime/react/lazy-component.tsx`],
          [`${R}src/pages/LoginPage.tsx`]: [`${R}src/layouts/title-size.ts`],
          [`${R}src/layouts/title-size.ts`]: [],
          [`${R}runtime/core/registry.ts`]: [],
        },
        [`${R}index.html`],
      ),
    );
    expect([...grouped]).toEqual([`${R}runtime/core/registry.ts`]);
  });
});
