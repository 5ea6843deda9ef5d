/**
 * What a user downloads before the first list page paints, read from a Vite build's manifest
 * (`build.manifest: true`). Routes are lazy, so a list page needs: the entry (index.html) with its
 * static imports, the main layout's chunk, the module page's chunk, each with their static
 * imports, and the chunk holding the list node if it is not among those (with the dynamic entry
 * that owns it). Used by tests/build/first-page-size.test.ts (the ≤ 450 kB gzip budget of issue 20
 * item 7) and bench/list-page.bench.ts (which prints the same figure with the login page's).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export type Manifest = Record<string, ManifestChunk>;

/** The budget: JavaScript before the first list page, gzip (issue 20 item 7). */
export const FIRST_PAGE_BUDGET_BYTES = 450 * 1024;

/** The sources whose chunks a list page needs, besides the entry. */
export const LIST_PAGE_ROUTES = ['src/layouts/MainLayout.tsx', 'src/pages/ModulePage.tsx'];

export function readManifest(outDir: string): Manifest {
  return JSON.parse(readFileSync(join(outDir, '.vite/manifest.json'), 'utf8')) as Manifest;
}

/** Manifest keys of `keys` and everything they import statically. */
export function staticClosure(manifest: Manifest, keys: string[], out = new Set<string>()): Set<string> {
  for (const key of keys) {
    if (out.has(key)) continue;
    out.add(key);
    staticClosure(manifest, manifest[key]?.imports ?? [], out);
  }
  return out;
}

/** The manifest keys a page of the given route sources loads before it paints (see above). */
export function routeChunks(outDir: string, manifest: Manifest, sources: string[]): Set<string> {
  const read = (file: string) => readFileSync(join(outDir, file));
  const entry = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  const bySource = (src: string) => Object.keys(manifest).find((k) => manifest[k]!.src === src || k === src);
  const keys = staticClosure(manifest, [...entry, ...sources.map(bySource).filter((k): k is string => !!k)]);
  const listKey = Object.keys(manifest).find((k) => read(manifest[k]!.file).includes('tessera-list-table'));
  if (listKey && !keys.has(listKey)) {
    const owner = Object.keys(manifest).filter(
      (k) => manifest[k]!.isDynamicEntry && staticClosure(manifest, [k]).has(listKey),
    );
    staticClosure(manifest, owner.length ? owner : [listKey], keys);
  }
  return keys;
}

/** Gzip bytes (zlib's default level, as servers send) of each chunk's JavaScript. */
export function gzipSizes(outDir: string, manifest: Manifest, keys: Iterable<string>): Map<string, number> {
  const sizes = new Map<string, number>();
  for (const key of keys) {
    const file = manifest[key]!.file;
    sizes.set(file, gzipSync(readFileSync(join(outDir, file))).length);
  }
  return sizes;
}

/** A direct `eval(...)` call (not `.eval(`, not a name ending in eval): what a CSP without 'unsafe-eval' blocks. */
export const DIRECT_EVAL = /(?<![\w$.])eval\s*\(/;
