/**
 * `npm run schemas:check`: validates every .json under schemas/ and fixtures/ against the
 * meta-schema its `$schema` names (page schemas: tessera://meta/page.schema.json; JSON Schemas
 * themselves: the 2020-12 dialect; other shapes: their own meta file). A page schema must be at
 * the latest schemaVersion (`npm run schemas:migrate` brings it there); it is checked as migrated,
 * so one run shows every problem, and when it is valid its cross-references are checked too (keys,
 * ids, linkage; runtime/core/schema/cross-reference.ts). Prints `file:/json/pointer reason` per
 * problem and exits 1 if there is any. A file without a usable `$schema` is an error.
 * Files named *.invalid.json are deliberately broken fixtures: skipped unless named on the command
 * line (`tsx scripts/schemas-check.ts fixtures/pages/bad-page.invalid.json`).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { Ajv2020 } from 'ajv/dist/2020.js';
import '../runtime/definitions';
import { LATEST_SCHEMA_VERSION, migrateSchema } from '../runtime/core/migrate';
import { createAjv, DIALECT_2020, formatErrors, META } from '../runtime/core/schema/ajv';
import { crossReferenceIssues } from '../runtime/core/schema/cross-reference';
import { SchemaError } from '../runtime/core/schema/issue';

export const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));
const DEFAULT_ROOTS = ['schemas', 'fixtures'];

export interface Problem {
  file: string;
  path: string;
  message: string;
}

/**
 * Folders a tree walk leaves alone: migration fixtures are frozen at the versions their step reads
 * and writes (fixtures/migrations/<step>/before.json stays old on purpose); the app generator's
 * fixtures are the model's app plans (server/ai-generator/plan-schema.ts), some broken on purpose,
 * not page schemas.
 */
const FROZEN_DIRS = new Set([join(ROOT, 'fixtures', 'migrations'), join(ROOT, 'fixtures', 'ai-generator')]);

/** Every .json file under the given files or folders; deliberate failures only when asked by name. */
export function collectJsonFiles(paths: string[]): string[] {
  const files: string[] = [];
  const walk = (path: string, named: boolean) => {
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) return;
    if (stat.isDirectory()) {
      if (!named && FROZEN_DIRS.has(path)) return;
      for (const entry of readdirSync(path).sort()) if (entry !== 'node_modules') walk(join(path, entry), false);
    } else if (path.endsWith('.json') && (named || !path.endsWith('.invalid.json'))) {
      files.push(path);
    }
  };
  for (const path of paths) walk(resolve(ROOT, path), true);
  return files;
}

const isDialect = (uri: unknown) => typeof uri === 'string' && uri.replace(/#$/, '') === DIALECT_2020;

export function checkFiles(files: string[]): Problem[] {
  const problems: Problem[] = [];
  const parsed: { file: string; json: any }[] = [];
  for (const file of files) {
    const name = relative(ROOT, file);
    try {
      parsed.push({ file: name, json: JSON.parse(readFileSync(file, 'utf8')) });
    } catch (error) {
      problems.push({ file: name, path: '', message: `not valid JSON: ${(error as Error).message}` });
    }
  }
  // Every JSON Schema in the checked tree (and every meta file) is known before anything is validated.
  const metaDir = join(ROOT, 'schemas', 'meta');
  const extra = collectJsonFiles([metaDir]).map((file) => ({
    file: relative(ROOT, file),
    json: JSON.parse(readFileSync(file, 'utf8')),
  }));
  let ajv: Ajv2020;
  try {
    ajv = createAjv();
  } catch (error) {
    return [
      ...problems,
      {
        file: 'runtime/core/schema/ajv.ts',
        path: '',
        message: `meta-schemas do not compile: ${(error as Error).message}`,
      },
    ];
  }
  for (const { json } of [...extra, ...parsed]) {
    if (isDialect(json?.$schema) && typeof json.$id === 'string' && !ajv.getSchema(json.$id)) ajv.addSchema(json);
  }

  for (const { file, json } of parsed) {
    const meta = json && typeof json === 'object' && !Array.isArray(json) ? json.$schema : undefined;
    if (typeof meta !== 'string' || !meta) {
      problems.push({ file, path: '/$schema', message: 'missing: name the meta-schema this file follows' });
      continue;
    }
    if (isDialect(meta)) {
      if (!ajv.validateSchema(json)) {
        for (const issue of formatErrors(ajv.errors)) problems.push({ file, ...issue });
        continue;
      }
      try {
        // Compiling catches what the dialect allows but strict mode does not (unknown keywords, ...).
        if (typeof json.$id === 'string') ajv.getSchema(json.$id);
        else ajv.compile(json);
      } catch (error) {
        problems.push({ file, path: '', message: (error as Error).message });
      }
      continue;
    }
    let validate;
    try {
      validate = ajv.getSchema(meta);
    } catch (error) {
      problems.push({ file, path: '/$schema', message: `${meta} does not compile: ${(error as Error).message}` });
      continue;
    }
    if (!validate) {
      problems.push({ file, path: '/$schema', message: `unknown meta-schema ${meta}` });
      continue;
    }
    if (meta === META.page) {
      problems.push(...checkPage(file, json, validate));
      continue;
    }
    if (!validate(json)) for (const issue of formatErrors(validate.errors)) problems.push({ file, ...issue });
  }
  return problems;
}

/** A page schema: at the latest version, valid once migrated, and its cross-references hold. */
function checkPage(file: string, json: { schemaVersion?: unknown }, validate: (data: unknown) => boolean): Problem[] {
  const problems: Problem[] = [];
  let page: unknown;
  try {
    page = migrateSchema(json).schema;
  } catch (error) {
    if (!(error instanceof SchemaError)) throw error;
    return error.issues.map((issue) => ({ file, path: issue.pointer, message: issue.message.en }));
  }
  if (json.schemaVersion !== LATEST_SCHEMA_VERSION) {
    problems.push({
      file,
      path: '/schemaVersion',
      message: `is ${String(json.schemaVersion)}, the latest is ${LATEST_SCHEMA_VERSION}: run npm run schemas:migrate`,
    });
  }
  const checker = validate as ((data: unknown) => boolean) & { errors?: Parameters<typeof formatErrors>[0] };
  if (!checker(page)) {
    for (const issue of formatErrors(checker.errors)) problems.push({ file, ...issue });
    return problems;
  }
  for (const issue of crossReferenceIssues(page))
    problems.push({ file, path: issue.pointer, message: issue.message.en });
  return problems;
}

export function formatProblem(problem: Problem): string {
  return `${problem.file}:${problem.path || '/'} ${problem.message}`;
}

function main(args: string[]): number {
  const files = collectJsonFiles(args.length ? args : DEFAULT_ROOTS);
  const problems = checkFiles(files);
  for (const problem of problems) console.error(formatProblem(problem));
  console.log(`schemas:check: ${files.length} file(s), ${problems.length} problem(s)`);
  return problems.length ? 1 : 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = main(process.argv.slice(2));
}
