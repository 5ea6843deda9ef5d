/**
 * How the browser bundle is split into chunks, shared by vite.config.ts (what ships) and the page
 * benchmarks (bench/lib/page-bundle.ts), so a benchmark measures the chunks users download.
 *
 * Rolldown's automatic splitting makes one chunk per distinct set of importers. Tessera's small
 * leaf modules (codecs, the registry, constants, widget definitions, message catalogs, …) are each
 * imported by a different mix of the eager list and the lazy widget / node chunks, so they came out
 * as a dozen or more chunks of a few hundred bytes each (the list benchmark page loaded 37 chunks,
 * 20 of them tiny): a page then waits on as many requests, six at a time over HTTP/1.1, for a few
 * kB of code. Here they go into one `tessera-core` chunk instead (the list page: 20 chunks).
 */
import type { Plugin, Rolldown } from 'vite';
import { LIST_PAGE_ROUTES } from './first-page';

type CodeSplitting = Exclude<NonNullable<Rolldown.OutputOptions['codeSplitting']>, boolean>;

/**
 * The runtime and the protocol (message catalogs, schema types), as script modules, and Vite's
 * dynamic-import helper (1.6 kB, needed by every page with a lazy part). Not the app
 * (src/): its layouts and pages are route chunks of their own, and grouping them would tie, say,
 * the login page to the list's codecs.
 */
const GROUPABLE = /[\\/](runtime|protocol)[\\/].*\.tsx?$|^\0vite[\\/]preload-helper\.js$/;
const THIRD_PARTY = /[\\/]node_modules[\\/]/;
/**
 * Libraries every page loads before any Tessera code runs: a module that needs only these (and
 * our own light modules) is "light". Anything else (antd, Formily, jsep, …) keeps a module out of
 * the group, so grouping never pulls a library into a page that did not load it before.
 */
const BASE_LIBRARIES = /[\\/]node_modules[\\/](react|react-dom|scheduler|dayjs)[\\/]/;
/** An HTML entry is the app shell (index.html): what it loads statically keeps its own chunks. */
const HTML_ENTRY = /\.html$/;

interface ModuleGraph {
  ids: string[];
  imports: (id: string) => readonly string[];
  isEntry: (id: string) => boolean;
}

/**
 * Our modules whose whole static import closure is light, minus the app shell's static closure:
 * the shell is loaded before every route anyway, and moving a module it needs into the group
 * would make the shell load the whole group (the login page with the list's codecs).
 */
export function groupedModules(graph: ModuleGraph): Set<string> {
  const importers = new Map<string, string[]>();
  for (const id of graph.ids)
    for (const dep of graph.imports(id)) {
      const list = importers.get(dep);
      if (list) list.push(id);
      else importers.set(dep, [id]);
    }
  const notLight = (id: string) => (THIRD_PARTY.test(id) ? !BASE_LIBRARIES.test(id) : !GROUPABLE.test(id));
  // A module is heavy when anything it reaches is: walk the import edges backwards from the heavy
  // leaves (this also settles import cycles, which a forward walk with a memo would not).
  const heavy = new Set(graph.ids.filter(notLight));
  const queue = [...heavy];
  for (let id = queue.pop(); id !== undefined; id = queue.pop())
    for (const importer of importers.get(id) ?? []) {
      if (heavy.has(importer)) continue;
      heavy.add(importer);
      queue.push(importer);
    }
  const shell = new Set<string>();
  const visit = (id: string) => {
    if (shell.has(id)) return;
    shell.add(id);
    graph.imports(id).forEach(visit);
  };
  graph.ids.filter((id) => graph.isEntry(id) && HTML_ENTRY.test(id)).forEach(visit);
  return new Set(
    graph.ids.filter((id) => GROUPABLE.test(id) && !THIRD_PARTY.test(id) && !heavy.has(id) && !shell.has(id)),
  );
}

/**
 * What the first list page loads statically: the entries and the list page's route modules
 * (build/first-page.ts) with everything they import. Grouped modules outside it (the dashboard's
 * chart mapping, the designer's schema tools, the file library's upload queue, …) go into a second
 * group, so the first page does not download code only lazy chunks use (the 450 kB budget).
 */
export function firstPageModules(graph: ModuleGraph, roots: readonly string[] = LIST_PAGE_ROUTES): Set<string> {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    graph.imports(id).forEach(visit);
  };
  graph.ids.filter((id) => graph.isEntry(id) || roots.some((root) => id.endsWith(root))).forEach(visit);
  return seen;
}

/** A plugin that reads the module graph when the build phase ends, and the matching splitting. */
export function tesseraChunks(): { plugin: Plugin; codeSplitting: CodeSplitting } {
  let grouped = new Set<string>();
  let firstPage = new Set<string>();
  const plugin: Plugin = {
    name: 'tessera-chunks',
    apply: 'build',
    buildEnd() {
      const ids = [...this.getModuleIds()];
      const graph: ModuleGraph = {
        ids,
        imports: (id) => this.getModuleInfo(id)?.importedIds ?? [],
        isEntry: (id) => !!this.getModuleInfo(id)?.isEntry,
      };
      grouped = groupedModules(graph);
      firstPage = firstPageModules(graph);
    },
  };
  const codeSplitting: CodeSplitting = {
    groups: [
      {
        name: 'tessera-core',
        // Only the light modules themselves: their libraries (React, dayjs) stay in the chunks
        // the other pages share, and every import of a grouped module is grouped or such a library.
        includeDependenciesRecursively: false,
        test: (id) => grouped.has(id) && firstPage.has(id),
      },
      {
        name: 'tessera-lazy',
        includeDependenciesRecursively: false,
        test: (id) => grouped.has(id) && !firstPage.has(id),
      },
    ],
  };
  return { plugin, codeSplitting };
}
