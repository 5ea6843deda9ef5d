import type { Lang } from '../constants';
import { common } from './common';
import { blocks } from './blocks';
import { form } from './form';
import { list } from './list';
import { runtime } from './runtime';
import { shell } from './shell';
import { widgets } from './widgets';
import { server } from './server';
import { uploads } from './uploads';
import { listQuery } from './list-query';
import { auth } from './auth';
import { data } from './data';
import { appAdmin } from './app-admin';
import { schema } from './schema';
import { dashboards } from './dashboards';
import { dict } from './dict';

/**
 * One catalog for browser and server, merged from one file per area so that areas do not edit
 * each other's files. Keys are dotted; values use i18next interpolation ({{title}}).
 */
export type Catalog = Record<string, { zh: string; en: string }>;

const parts: Catalog[] = [
  common,
  shell,
  runtime,
  form,
  server,
  list,
  uploads,
  blocks,
  widgets,
  data,
  auth,
  listQuery,
  appAdmin,
  schema,
  dashboards,
  dict,
];

export const catalog: Catalog = Object.assign({}, ...parts);

/**
 * The catalogs of features the first list page never shows (the designer, documents, the file
 * library, AI) are not in `parts`: they would cost the 450 kB first-page budget
 * (tests/build/first-page-size.test.ts). They join the catalog when their feature's code loads —
 * `import '…/protocol/messages/late'` in the feature's lazy entry; the server and the tests import it
 * at start — and i18next picks them up through `onMessagesAdded`.
 */
const listeners = new Set<(part: Catalog) => void>();

export function addMessages(...more: Catalog[]): void {
  for (const part of more) {
    Object.assign(catalog, part);
    for (const listener of listeners) listener(part);
  }
}

/** Calls `listener` with each catalog added later (src/i18n adds it to i18next's resources). */
export function onMessagesAdded(listener: (part: Catalog) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** i18next-style resources built from the catalog. */
export function resourcesFor(lang: Lang): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(catalog)) out[key] = value[lang];
  return out;
}

/** Server-side translation (the browser uses i18next over the same resources). */
export function translate(lang: Lang, key: string, vars: Record<string, unknown> = {}): string {
  const entry = catalog[key];
  const template = entry ? entry[lang] : key;
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(vars[name] ?? ''));
}
