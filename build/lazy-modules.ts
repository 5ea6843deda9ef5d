/**
 * Library modules that every list page would download but almost never renders, turned into
 * components fetched on first render (a dynamic import: Vite gives them a chunk of their own).
 * Shared by vite.config.ts; measured by tests/build/first-page-size.test.ts (JavaScript before
 * the first list page ≤ 450 kB gzip, issue 20 item 7).
 *
 * - antd's Result imports its three status illustrations (404, 403, 500: ~37 kB of SVG as React
 *   elements) whatever the status shown; the shell shows Result on error pages only.
 * - antd's Table imports Tree for filter dropdowns in `filterMode: 'tree'`, which the list node never
 *   uses (rc-tree and the tree styles, ~14 kB gzip).
 * - antd's Modal imports Skeleton for `loading`, which our dialogs do not use (~3 kB gzip).
 *
 * Each default export is replaced by a component that renders the real one inside Suspense: the
 * same props, a placeholder of the illustration's size (Result) or nothing (the filter tree) for
 * the moment the chunk takes to arrive.
 */
import { dirname, join } from 'node:path';
import type { Plugin } from 'vite';

interface LazyModule {
  /** The importing module, by the end of its path. */
  importer: RegExp;
  /** The import specifier as the importer writes it. */
  source: string;
  /** JavaScript expression for the Suspense fallback (React's createElement is `h`). */
  fallback: string;
}

const ILLUSTRATION_BOX = "h('div', { style: { width: 252, height: 294, margin: '0 auto' } })";
const RESULT = /[\\/]antd[\\/]es[\\/]result[\\/]index\.js$/;

export const LAZY_MODULES: LazyModule[] = [
  { importer: RESULT, source: './noFound', fallback: ILLUSTRATION_BOX },
  { importer: RESULT, source: './serverError', fallback: ILLUSTRATION_BOX },
  { importer: RESULT, source: './unauthorized', fallback: ILLUSTRATION_BOX },
  {
    importer: /[\\/]antd[\\/]es[\\/]table[\\/]hooks[\\/]useFilter[\\/]FilterDropdown\.js$/,
    source: '../../../tree',
    fallback: 'null',
  },
  // antd's Modal shows a Skeleton only for its `loading` prop, which no shell dialog sets.
  { importer: /[\\/]antd[\\/]es[\\/]modal[\\/]Modal\.js$/, source: '../skeleton', fallback: 'null' },
];

/**
 * Imports of a library's index that need one of its modules: the virtual module re-exports those
 * names from the module that defines them (the same module instance the index re-exports, so a
 * React context stays one), and the rest of the library is not pulled in.
 *
 * antd's form context (imported by every input, select and table for the form item status) takes
 * only FormProvider from rc-field-form, and the radio group only a helper of antd's useForm, but
 * importing rc-field-form's index kept the whole library with its validator
 * (@rc-component/async-validator): ~95 kB of source, ~20 kB gzip, on every list page.
 */
interface NarrowImport {
  importer: RegExp;
  source: string;
  /** Names to re-export, each `[exported, module path in the package, name there]`. */
  exports?: [string, string, string][];
  /** Or the module's code itself, given the importer's folder. */
  define?: (importerDir: string) => string;
}

export const NARROW_IMPORTS: NarrowImport[] = [
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]context\.js$/,
    source: 'rc-field-form',
    exports: [['FormProvider', 'rc-field-form/es/FormContext', 'FormProvider']],
  },
  {
    importer: /[\\/]antd[\\/]es[\\/]form[\\/]hooks[\\/]useForm\.js$/,
    source: 'rc-field-form',
    exports: [['useForm', 'rc-field-form/es/useForm', 'default']],
  },
  {
    // The radio group needs one helper of antd's form hook module (antd 5: `toArray(name).join('_')`,
    // restated here); importing that module also loaded rc-field-form's FormStore, which antd's
    // useForm builds (~24 kB of source).
    importer: /[\\/]antd[\\/]es[\\/]radio[\\/]group\.js$/,
    source: '../form/hooks/useForm',
    define: (dir) =>
      `import { toArray } from ${JSON.stringify(join(dir, '../form/util.js'))};\n` +
      "export function toNamePathStr(name) { return toArray(name).join('_'); }",
  },
];

/**
 * Packages whose modules only define things (no top-level effects) but do not say so
 * (`sideEffects` is absent from their package.json), so the bundler keeps a module once anything
 * imports it, used or not. rc-field-form: antd's radio group imports a one-line helper from
 * antd's useForm hook module, which kept rc-field-form's FormStore (~24 kB of source) on every
 * list page although no list page builds a form store before it paints.
 */
export const SIDE_EFFECT_FREE = /[\\/]node_modules[\\/]rc-field-form[\\/]es[\\/]/;

const PREFIX = '\0tessera-lazy:';
const NARROW = '\0tessera-narrow:';

export function lazyModules(modules: LazyModule[] = LAZY_MODULES, narrow: NarrowImport[] = NARROW_IMPORTS): Plugin {
  return {
    name: 'tessera-lazy-modules',
    apply: 'build',
    enforce: 'pre',
    async resolveId(source, importer) {
      if (!importer || importer.startsWith(PREFIX)) return null;
      const narrowed = narrow.findIndex((m) => m.source === source && m.importer.test(importer));
      if (narrowed >= 0) return { id: `${NARROW}${narrowed}:${dirname(importer)}`, moduleSideEffects: false };
      if (source.startsWith('rc-field-form') || SIDE_EFFECT_FREE.test(importer)) {
        const resolved = await this.resolve(source, importer, { skipSelf: true });
        if (resolved && SIDE_EFFECT_FREE.test(resolved.id)) return { ...resolved, moduleSideEffects: false };
        return resolved;
      }
      const index = modules.findIndex((m) => m.source === source && m.importer.test(importer));
      if (index < 0) return null;
      const real = await this.resolve(source, importer, { skipSelf: true });
      return real ? `${PREFIX}${index}:${real.id}` : null;
    },
    load(id) {
      if (id.startsWith(NARROW)) {
        const rest = id.slice(NARROW.length);
        const colon = rest.indexOf(':');
        const entry = narrow[Number(rest.slice(0, colon))]!;
        if (entry.define) return entry.define(rest.slice(colon + 1));
        return (entry.exports ?? [])
          .map(
            ([name, from, original]) =>
              `export { ${original === name ? name : `${original} as ${name}`} } from '${from}';`,
          )
          .join('\n');
      }
      if (!id.startsWith(PREFIX)) return null;
      const rest = id.slice(PREFIX.length);
      const colon = rest.indexOf(':');
      const lazyModule = modules[Number(rest.slice(0, colon))]!;
      const real = rest.slice(colon + 1);
      return [
        "import { createElement as h, lazy, Suspense } from 'react';",
        `const Real = lazy(() => import(${JSON.stringify(real)}));`,
        'export default function LazyModule(props) {',
        `  return h(Suspense, { fallback: ${lazyModule.fallback} }, h(Real, props));`,
        '}',
      ].join('\n');
    },
  };
}
