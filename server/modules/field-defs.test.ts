import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../protocol/page-schema';
import { isMultiValued } from './field-defs';

const field = (type: string, props?: Record<string, unknown>) =>
  ({ key: 'f', type, props }) as unknown as FieldDefinition;

describe('isMultiValued (export labels and import parsing of comma-joined values)', () => {
  it.each(['select-multi', 'checkbox-group', 'select-tag', 'change', 'multi-button-group', 'drag-list'])(
    '%s stores comma-joined option values',
    (type) => expect(isMultiValued(field(type))).toBe(true),
  );
  it.each(['select', 'radio-group', 'input', 'date', 'file'])('%s stores one value', (type) =>
    expect(isMultiValued(field(type))).toBe(false),
  );
  it('a select in multiple or tags mode is multi-valued', () => {
    expect(isMultiValued(field('select', { mode: 'multiple' }))).toBe(true);
    expect(isMultiValued(field('select', { mode: 'tags' }))).toBe(true);
    expect(isMultiValued(undefined)).toBe(false);
  });
});
