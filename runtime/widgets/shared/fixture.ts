/**
 * Widget tests render the fields of fixtures/pages/field-widgets.page.json (checked against the
 * meta-schema by schemas:check), so each widget's fixture and its test cannot drift apart.
 * Test-only (reads the file system).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FieldDefinition } from '../../../protocol/page-schema';

// A path, not a URL: under happy-dom the global URL is not the one node:fs accepts.
const url = join(dirname(fileURLToPath(import.meta.url)), '../../../fixtures/pages/field-widgets.page.json');
let fields: FieldDefinition[] | undefined;

export function fixtureFields(): FieldDefinition[] {
  fields ??= (JSON.parse(readFileSync(url, 'utf8')).body as { fields: FieldDefinition[] }[]).flatMap((f) => f.fields);
  return fields;
}

/** The fixture field with this key, or the first one of this type. */
export function fixtureField(keyOrType: string): FieldDefinition {
  const all = fixtureFields();
  const found = all.find((f) => f.key === keyOrType) ?? all.find((f) => f.type === keyOrType);
  if (!found) throw new Error(`fixtures/pages/field-widgets.page.json has no field "${keyOrType}"`);
  return structuredClone(found);
}
