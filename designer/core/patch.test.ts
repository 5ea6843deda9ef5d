/**
 * A described change (runtime/core/schema/change-patch.ts) accepted in the designer: the applyPatch
 * command applies every operation as one history entry whose inverse gives the very same document
 * back (undo) and whose ops give the change again (redo); an operation that no longer applies is
 * refused with nothing changed; the preview marks added, changed and removed nodes.
 */
import { describe, expect, it } from 'vitest';
import type { PatchOperation } from '../../runtime/core/schema/change-patch';
import { countingIds, sampleDocument } from './test-fixtures/sample';
import {
  createEditor,
  execute,
  nodeOf,
  previewPatch,
  redo,
  serialiseText,
  undo,
  validateDocument,
  type DesignDocument,
} from './index';

const t = (zh: string, en: string) => ({ zh, en });
const operations: PatchOperation[] = [
  {
    op: 'add',
    field: {
      key: 'phone',
      type: 'input',
      title: t('联系电话', 'Contact phone'),
      required: true,
      rule_pattern: '^1[3-9]\\d{9}$',
      rule_message: t('请输入正确的手机号', 'Enter a valid mobile number'),
    },
    after: 'amount',
  },
  { op: 'update', key: 'title', set: { title: t('主题', 'Subject'), required: true } },
  { op: 'remove', key: 'note' },
];

/** The JSON of the node with `key` in the document (undefined when gone). */
function byKey(doc: DesignDocument, key: string): Record<string, unknown> | undefined {
  let found: Record<string, unknown> | undefined;
  JSON.stringify(doc.schema, (_name, value: unknown) => {
    if (!found && value && typeof value === 'object' && (value as { key?: unknown }).key === key)
      found = value as Record<string, unknown>;
    return value;
  });
  return found;
}

describe('applyPatch command', () => {
  it('applies the whole change as one undoable step; undo restores the document byte for byte, redo repeats it', () => {
    const doc = sampleDocument();
    const start = createEditor(doc);
    const { state, outcome } = execute(start, { type: 'applyPatch', operations }, countingIds());
    expect(outcome.ok).toBe(true);
    expect(state.undo).toHaveLength(1);
    const phone = byKey(state.doc, 'phone');
    expect(phone).toMatchObject({ type: 'input', required: true, rule_pattern: '^1[3-9]\\d{9}$' });
    expect(typeof phone?.id).toBe('string');
    // Added right after "amount", in the grid that holds it.
    const grid = byKey(state.doc, 'cells') as { children: { key: string }[] };
    expect(grid.children.map((c) => c.key)).toEqual(['amount', 'phone']);
    expect(byKey(state.doc, 'title')).toMatchObject({ title: t('主题', 'Subject'), required: true });
    expect(byKey(state.doc, 'note')).toBeUndefined();
    expect(validateDocument(state.doc).issues).toEqual([]);

    const back = undo(state);
    expect(JSON.stringify(back.doc.schema)).toBe(JSON.stringify(doc.schema));
    expect(serialiseText(back.doc)).toBe(serialiseText(doc));
    const again = redo(back);
    expect(JSON.stringify(again.doc.schema)).toBe(JSON.stringify(state.doc.schema));
  });

  it('refuses an operation that no longer applies and changes nothing', () => {
    const start = createEditor(sampleDocument());
    const { state, outcome } = execute(start, {
      type: 'applyPatch',
      operations: [operations[0], { op: 'remove', key: 'missing' }],
    });
    expect(outcome.ok).toBe(false);
    if (!outcome.ok) {
      expect(outcome.code).toBe('designer.patchFailed');
      expect(outcome.message.en).toContain('/operations/1/key');
      expect(outcome.message.zh).toContain('已无法应用');
    }
    expect(state).toBe(start);
  });

  it('refuses a new key already used in the page, and an ambiguous anchor', () => {
    const doc = sampleDocument();
    const clash = execute(createEditor(doc), {
      type: 'applyPatch',
      operations: [{ op: 'add', field: { key: 'amount', type: 'input', title: t('金额', 'Amount') } }],
    });
    expect(clash.outcome.ok).toBe(false);
    // "name" is a field of the form and of the list: the model must say which.
    const ambiguous = execute(createEditor(doc), {
      type: 'applyPatch',
      operations: [{ op: 'move', key: 'amount', after: 'name' }],
    });
    expect(ambiguous.outcome.ok).toBe(false);
    if (!ambiguous.outcome.ok) expect(ambiguous.outcome.message.en).toContain('names 2 nodes');
  });

  it('previews the change with removed nodes still shown, each marked, without touching the document', () => {
    const doc = sampleDocument();
    const before = JSON.stringify(doc.schema);
    const result = previewPatch(doc, [...operations, { op: 'move', key: 'amount', before: 'cells' }], 'zh');
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    const { preview } = result;
    const markOfKey = (key: string) => {
      for (const [id, mark] of preview.marks) if (nodeOf(preview.doc, id)?.key === key) return mark;
      return undefined;
    };
    expect(markOfKey('phone')).toBe('added');
    expect(markOfKey('title')).toBe('changed');
    expect(markOfKey('note')).toBe('removed');
    expect(markOfKey('amount')).toBe('changed');
    expect(preview.items.map((i) => `${i.mark}:${i.title}`)).toEqual([
      'added:联系电话',
      'changed:主题',
      'removed:备注',
      'changed:金额',
    ]);
    expect(JSON.stringify(doc.schema)).toBe(before);
  });
});
