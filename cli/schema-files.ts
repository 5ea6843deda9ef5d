/**
 * `tessera schema check|migrate [files]`: the same checks and rewrites as `npm run schemas:check`
 * and `npm run schemas:migrate` (scripts/schemas-check.ts, scripts/schemas-migrate.ts), on the
 * files or folders named, or on schemas/ and fixtures/ when none is. Paths are relative to the
 * current directory.
 */
import { resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { checkFiles, collectJsonFiles, formatProblem } from '../scripts/schemas-check';
import { migrateFiles } from '../scripts/schemas-migrate';
import { CliError, parse, type Command } from './args';

const DEFAULT_ROOTS = ['schemas', 'fixtures'];

function filesOf(positionals: string[]): string[] {
  const paths = positionals.length ? positionals.map((p) => resolve(p)) : DEFAULT_ROOTS.map((p) => resolve(p));
  const missing = positionals.filter((p) => !existsSync(resolve(p)));
  if (missing.length) throw new CliError(`no such file or folder: ${missing.join(', ')}`, 2);
  const files = collectJsonFiles(paths);
  if (!files.length)
    throw new CliError(`no .json files under ${positionals.join(', ') || DEFAULT_ROOTS.join(', ')}`, 2);
  return files;
}

export const schemaCheck: Command = {
  summary: 'Check schema files: meta-schema, latest schemaVersion and cross-references',
  usage: '[files or folders...]',
  help: `Validates each .json file against the meta-schema its $schema names; page schemas must be at the
latest schemaVersion and their keys, ids and linkage must hold. Prints file:/json/pointer message
per problem and exits 1 if there is any. Without arguments checks schemas/ and fixtures/.
Files named *.invalid.json are skipped in folders but checked when named.`,
  async run(args) {
    const { positionals } = parse(args, {});
    const files = filesOf(positionals);
    const problems = checkFiles(files);
    for (const problem of problems) console.error(formatProblem(problem));
    console.log(`${files.length} file(s), ${problems.length} problem(s)`);
    return problems.length ? 1 : 0;
  },
};

export const schemaMigrate: Command = {
  summary: 'Rewrite page schema files to the latest schemaVersion',
  usage: '[files or folders...]',
  help: `Runs every page schema through the migration chain and writes it back in its own layout.
Files that are not page schemas, or already at the latest version, are left untouched.
Without arguments migrates schemas/ and fixtures/.`,
  async run(args) {
    const { positionals } = parse(args, {});
    const files = filesOf(positionals);
    let migrated;
    try {
      migrated = await migrateFiles(files);
    } catch (error) {
      throw new CliError(`cannot migrate: ${(error as Error).message}`);
    }
    for (const { file, from, to } of migrated) console.log(`${file}: ${from} → ${to}`);
    console.log(`${files.length} file(s), ${migrated.length} migrated`);
    return 0;
  },
};
