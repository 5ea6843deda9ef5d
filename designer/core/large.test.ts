/**
 * A 5,000-field schema (issue 14, bad input): built here, loaded from its text, edited, undone and
 * validated — behaviour only, no timings (bench/ is the place for those).
 */
import { describe, expect, it } from 'vitest';
import { countingIds } from './test-fixtures/sample';
import {
  applyOps,
  childrenOf,
  createEditor,
  execute,
  loadDocument,
  nodeOf,
  outline,
  pointerOfNode,
  ROOT_ID,
  serialiseText,
  undo,
  validateDocument,
  type OutlineItem,
} from './index';

const GRIDS = 50;
const PER_GRID = 100;

function bigPage() {
  return {
    schemaVersion: 2,
    type: 'page',
    body: [
      {
        type: 'list',
        key: 'big',
        dataSource: { kind: 'STATIC', data: [] },
        fields: Array.from({ length: GRIDS }, (_, g) => ({
          type: 'grid',
          key: `g${g}`,
          props: { columns: 4 },
          children: Array.from({ length: PER_GRID }, (_, i) => ({
            id: `f_${g}_${i}`,
            key: `k_${g}_${i}`,
            title: { zh: `字段 ${g}-${i}`, en: `Field ${g}-${i}` },
            type: i % 2 ? 'number' : 'input',
          })),
        })),
      },
    ],
  };
}

const count = (item: OutlineItem): number => 1 + item.children.reduce((sum, child) => sum + count(child), 0);

describe('a 5,000-field schema', () => {
  const text = `${JSON.stringify(bigPage(), null, 2)}\n`;
  const loaded = loadDocument(text);
  if (!loaded.ok) throw new Error('not loaded');
  const doc = loaded.doc;
  const [list] = childrenOf(doc, ROOT_ID);
  const grids = childrenOf(doc, list);

  it('loads, outlines every node and serialises byte for byte', () => {
    expect(count(outline(doc, 'en'))).toBe(2 + GRIDS + GRIDS * PER_GRID);
    expect(serialiseText(doc)).toBe(text);
    expect(pointerOfNode(doc, 'f_49_99')).toBe('/body/0/fields/49/children/99');
  });

  it('moves a field across the page, renames and duplicates, and undo gives the same bytes back', () => {
    let state = createEditor(doc);
    const steps = [
      { type: 'move', id: 'f_0_0', parent: grids[49], index: 100 },
      { type: 'renameKey', id: 'f_0_1', key: 'renamed' },
      { type: 'duplicate', id: grids[10] },
      { type: 'updateSettings', id: 'f_20_20', values: { title__en: 'Edited' } },
    ] as const;
    for (const step of steps) {
      const { state: next, outcome } = execute(state, step, countingIds());
      expect(outcome.ok).toBe(true);
      state = next;
    }
    expect(childrenOf(state.doc, grids[49]).at(-1)).toBe('f_0_0');
    const copy = childrenOf(state.doc, list)[11];
    expect(childrenOf(state.doc, copy)).toHaveLength(PER_GRID);
    expect(nodeOf(state.doc, childrenOf(state.doc, copy)[0])).toMatchObject({ key: 'k_10_100' });
    expect(validateDocument(state.doc).issues).toEqual([]);
    for (let i = 0; i < steps.length; i++) state = undo(state);
    expect(serialiseText(state.doc)).toBe(text);
  });

  it('maps an issue deep in the page to its field', () => {
    const out = execute(createEditor(doc), { type: 'updateSettings', id: 'f_30_70', values: { columnSpan: 99 } });
    expect(out.outcome.ok).toBe(true);
    const issues = validateDocument(out.state.doc).issues;
    expect(issues.map((issue) => issue.nodeId)).toEqual(['f_30_70']);
    const back = out.outcome.ok ? applyOps(out.state.doc, out.outcome.inverse) : doc;
    expect(serialiseText(back)).toBe(text);
  });
});
