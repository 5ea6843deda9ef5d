import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../../scripts/schemas-check';
import { crossReferenceIssues, SchemaError, validatePageIssues, type SchemaIssue } from '../schema/issues';
import { FIELD_ID_PATTERN, LATEST_SCHEMA_VERSION, migrateSchema, newFieldId } from './index';
import { keyHash } from './steps/0002-field-ids';

const v1 = () => JSON.parse(readFileSync(join(ROOT, 'fixtures/migrations/0002-field-ids/before.json'), 'utf8'));

const deepFreeze = <T>(value: T): T => {
  if (value && typeof value === 'object') {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
};

const refusal = (input: unknown): SchemaIssue[] => {
  try {
    migrateSchema(input);
  } catch (error) {
    expect(error).toBeInstanceOf(SchemaError);
    return (error as SchemaError).issues;
  }
  throw new Error('migrateSchema accepted the input');
};

describe('migrateSchema', () => {
  it('brings a version-1 page to the latest version, which then passes the meta-schema and cross-references', () => {
    const { schema, from, to, applied } = migrateSchema(v1());
    expect({ from, to, applied }).toEqual({ from: 1, to: LATEST_SCHEMA_VERSION, applied: [2] });
    expect(schema.schemaVersion).toBe(LATEST_SCHEMA_VERSION);
    expect(validatePageIssues(schema)).toEqual([]);
    expect(crossReferenceIssues(schema)).toEqual([]);
  });

  it('is pure: a frozen input is not touched, and the answer shares no object with it', () => {
    const input = deepFreeze(v1());
    const { schema } = migrateSchema(input);
    expect(input.schemaVersion).toBe(1);
    expect(input.body[0].fields[0].id).toBeUndefined();
    (schema.body[0] as unknown as { key: string }).key = 'changed';
    expect(input.body[0].key).toBe('orders');
  });

  it('is deterministic: every read of the same stored old JSON gives the same ids', () => {
    const a = migrateSchema(v1()).schema;
    const b = migrateSchema(JSON.parse(JSON.stringify(v1()))).schema;
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    const field = (a.body[0] as unknown as { fields: { id: string; key: string }[] }).fields[0];
    expect(field).toMatchObject({ key: 'name', id: `f_${keyHash('name')}` });
  });

  it('gives a field with a colliding key hash, or a key repeated in another form, a numbered suffix', () => {
    expect(keyHash('kdpov')).toBe(keyHash('kkqneb'));
    const ids = JSON.stringify(migrateSchema(v1()).schema).match(/"id":"[^"]+"/g);
    expect(ids).toContain(`"id":"f_${keyHash('kkqneb')}_2"`);
    expect(ids).toContain(`"id":"f_${keyHash('name')}_2"`);
    expect(new Set(ids).size).toBe(ids!.length);
  });

  it('keeps a usable id a field already has, and gives no id to containers or tab panes', () => {
    const page = v1();
    page.body[0].fields[0].id = 'f_kept';
    const { schema } = migrateSchema(page);
    expect((schema.body[0] as unknown as { fields: unknown[] }).fields[0]).toMatchObject({ id: 'f_kept', key: 'name' });
    const json = JSON.stringify(schema);
    expect(json).not.toMatch(/"id":"[^"]+","type":"(grid|tab|card)"/);
    expect(json).not.toMatch(/"id":"[^"]+","title":"(基本|更多)"/);
  });

  it('answers the input itself, untouched and uncopied, when the page is already the latest', () => {
    const latest = deepFreeze(migrateSchema(v1()).schema);
    const again = migrateSchema(latest);
    expect(again).toMatchObject({ from: LATEST_SCHEMA_VERSION, to: LATEST_SCHEMA_VERSION, applied: [] });
    expect(again.schema).toBe(latest);
  });

  it('refuses a version newer than the latest, telling which is the latest', () => {
    const [issue] = refusal({ ...v1(), schemaVersion: LATEST_SCHEMA_VERSION + 1 });
    expect(issue).toMatchObject({ pointer: '/schemaVersion', code: 'schema.versionTooNew' });
    expect(issue.message.en).toContain(`latest this platform knows (${LATEST_SCHEMA_VERSION})`);
    expect(issue.message.zh).toContain('请升级平台');
  });

  it('refuses a schemaVersion that is missing, not an integer, or below 1, and a document that is not an object', () => {
    for (const schemaVersion of [undefined, '1', 1.5, 0, -1, null, Number.NaN]) {
      expect(refusal({ ...v1(), schemaVersion })).toEqual([
        expect.objectContaining({ pointer: '/schemaVersion', code: 'schema.versionInvalid' }),
      ]);
    }
    for (const input of [null, [], 'page', 3]) {
      expect(refusal(input)).toEqual([expect.objectContaining({ pointer: '', code: 'schema.notObject' })]);
    }
  });
});

describe('the version contract', () => {
  it('the meta-schema describes exactly the latest version', () => {
    const meta = JSON.parse(readFileSync(join(ROOT, 'schemas/meta/page.schema.json'), 'utf8'));
    expect(meta.properties.schemaVersion.const).toBe(LATEST_SCHEMA_VERSION);
  });
});

describe('newFieldId', () => {
  it('gives ids the meta-schema accepts, never equal and never shaped like a derived one', () => {
    const ids = Array.from({ length: 2000 }, newFieldId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) {
      expect(id).toMatch(FIELD_ID_PATTERN);
      expect(id).toHaveLength(14);
    }
    expect(`f_${keyHash('name')}`).toHaveLength(9);
  });
});
