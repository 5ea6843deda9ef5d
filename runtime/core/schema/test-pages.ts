/** Test-only: the version-1 migration fixture, migrated, as a valid latest-version page to vary. */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/schemas-check';
import { migrateSchema } from '../migrate';

type Json = Record<string, any>;

export const oldPage = (): Json =>
  JSON.parse(readFileSync(join(ROOT, 'fixtures/migrations/0002-field-ids/before.json'), 'utf8'));

export const latestPage = (): Json => migrateSchema(oldPage()).schema as unknown as Json;

export const fixturePage = (path: string): Json => JSON.parse(readFileSync(join(ROOT, path), 'utf8'));
