/**
 * `npm run schemas:migrate`: brings every committed page schema under schemas/ and fixtures/ to the
 * latest schemaVersion through the migration chain (runtime/core/migrate) and writes it back in its
 * own layout (scripts/json-layout.ts). Deliberately broken fixtures (*.invalid.json) are left
 * alone unless named. Files that are not page schemas, or already at the latest version, are not
 * touched. `npm run schemas:check` fails while any page schema is behind.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { migrateSchema } from '../runtime/core/migrate';
import { META } from '../runtime/core/schema/meta-ids';
import { formatLike } from './json-layout';
import { collectJsonFiles, ROOT } from './schemas-check';

const DEFAULT_ROOTS = ['schemas', 'fixtures'];

export interface MigratedFile {
  file: string;
  from: number;
  to: number;
}

/** The new text of a page schema file, or null when it is not a page schema or is already the latest. */
export async function migrateText(text: string, filepath: string): Promise<string | null> {
  const json = JSON.parse(text) as { $schema?: unknown };
  if (json?.$schema !== META.page) return null;
  const { schema, applied } = migrateSchema(json);
  if (!applied.length) return null;
  return formatLike(text, schema, filepath);
}

export async function migrateFiles(files: string[]): Promise<MigratedFile[]> {
  const migrated: MigratedFile[] = [];
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    const next = await migrateText(text, file);
    if (next === null) continue;
    writeFileSync(file, next);
    const from = (JSON.parse(text) as { schemaVersion: number }).schemaVersion;
    migrated.push({
      file: relative(ROOT, file),
      from,
      to: (JSON.parse(next) as { schemaVersion: number }).schemaVersion,
    });
  }
  return migrated;
}

async function main(args: string[]): Promise<number> {
  const files = collectJsonFiles(args.length ? args : DEFAULT_ROOTS);
  const migrated = await migrateFiles(files);
  for (const { file, from, to } of migrated) console.log(`${file}: ${from} → ${to}`);
  console.log(`schemas:migrate: ${files.length} file(s), ${migrated.length} migrated`);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  main(process.argv.slice(2)).then(
    (code) => (process.exitCode = code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exitCode = 1;
    },
  );
}
