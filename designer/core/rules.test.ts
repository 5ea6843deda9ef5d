/** Every drag-rule refusal, each with its reason in zh and en, and the drops that are allowed. */
import { describe, expect, it } from 'vitest';
import { getNode } from '../../runtime/core/registry';
import { nodeTypes } from '../../runtime/core/registry';
import { sampleDocument } from './test-fixtures/sample';
import { canDrop, childrenOf, documentOf, MAX_BODY_NODES, nodeOf, ROOT_ID, runCommand, type Dragged } from './index';

const doc = sampleDocument();
const [form, list, outer] = childrenOf(doc, ROOT_ID);
const [, grid, tabs, card] = childrenOf(doc, form);
const [paneOne, paneTwo] = childrenOf(doc, tabs);
const [about] = childrenOf(doc, outer);

const widget = (type: string): Dragged => ({ entry: { kind: 'widget', type } });
const node = (type: string): Dragged => ({ entry: { kind: 'node', type } });
const reason = (dragged: Dragged, target: string, index: number) => {
  const verdict = canDrop(doc, dragged, target, index);
  return verdict.ok ? 'ok' : verdict.code;
};

describe('drag rules', () => {
  it('every registered node says where it may go (placement), so the rules need no list of types', () => {
    for (const type of nodeTypes()) expect(getNode(type)?.placement, type).toMatch(/^(page|anywhere)$/);
  });

  it('allows fields into forms, grid cells, panes and cards, and containers into forms and the page', () => {
    expect(reason(widget('input'), form, 0)).toBe('ok');
    expect(reason(widget('input'), grid, 1)).toBe('ok');
    expect(reason(widget('input'), paneTwo, 0)).toBe('ok');
    expect(reason(widget('input'), card, 0)).toBe('ok');
    expect(reason(widget('readonly'), about, 1)).toBe('ok');
    expect(reason(node('grid'), form, 0)).toBe('ok');
    expect(reason(node('tab'), grid, 0)).toBe('ok');
    expect(reason(node('list'), ROOT_ID, 3)).toBe('ok');
    expect(reason(node('list'), outer, 0)).toBe('ok');
    expect(reason({ id: 'f_name' }, list, 0)).toBe('designer.keyTaken');
    expect(reason({ id: 'f_note' }, list, 0)).toBe('ok');
  });

  it('refuses a list or a form inside a form, at any depth (a list in a form cell)', () => {
    const verdict = canDrop(doc, node('list'), grid, 0);
    expect(verdict).toEqual({
      ok: false,
      code: 'designer.pageOnly',
      message: {
        zh: '列表不能放在表单中（表单里不能再嵌套表单或列表）',
        en: 'A List cannot go inside a form (a form cannot hold another form or list)',
      },
    });
    expect(reason(node('form'), form, 0)).toBe('designer.pageOnly');
    expect(reason(node('list'), paneOne, 0)).toBe('designer.pageOnly');
    expect(reason({ id: list }, card, 0)).toBe('designer.pageOnly');
    // a page-level grid holding a list cannot go into a form either
    const withList = runCommand(doc, {
      type: 'insert',
      entry: { kind: 'node', type: 'list' },
      parent: outer,
      index: 1,
    });
    if (!withList.ok) throw new Error('refused');
    expect(canDrop(withList.doc, { id: outer }, card, 0)).toMatchObject({ code: 'designer.pageOnly' });
  });

  it('refuses a container into itself or its descendant', () => {
    expect(reason({ id: grid }, grid, 0)).toBe('designer.intoItself');
    expect(reason({ id: tabs }, paneOne, 0)).toBe('designer.intoItself');
    expect(reason({ id: form }, card, 0)).toBe('designer.intoItself');
  });

  it('refuses a field straight in the page', () => {
    expect(reason(widget('input'), ROOT_ID, 0)).toBe('designer.fieldOutsideForm');
    expect(reason({ id: 'f_name' }, ROOT_ID, 0)).toBe('designer.fieldOutsideForm');
  });

  it('keeps panes in tabs and everything else out of the pane list', () => {
    expect(reason({ id: paneOne }, card, 0)).toBe('designer.paneOutsideTab');
    expect(reason({ id: paneOne }, ROOT_ID, 0)).toBe('designer.paneOutsideTab');
    expect(reason(widget('input'), tabs, 0)).toBe('designer.tabTakesPanes');
    expect(reason({ id: grid }, tabs, 1)).toBe('designer.tabTakesPanes');
    expect(reason({ id: paneTwo }, tabs, 0)).toBe('ok');
  });

  it('refuses taking the last item a form, list or tab must keep', () => {
    const single = documentOf({
      schemaVersion: 2,
      type: 'page',
      body: [
        {
          type: 'form',
          dataSource: { kind: 'STATIC' },
          fields: [
            { id: 'f_only', key: 'only', title: 'Only', type: 'input' },
            { type: 'tab', children: [{ key: 'p', title: 'P', children: [] }] },
          ],
        },
        {
          type: 'list',
          dataSource: { kind: 'STATIC' },
          fields: [{ id: 'f_one', key: 'one', title: 'One', type: 'input' }],
        },
      ],
    });
    const [formId, listId] = childrenOf(single, ROOT_ID);
    const [, tabId] = childrenOf(single, formId);
    const verdict = canDrop(single, { id: 'f_one' }, formId, 0);
    expect(verdict).toMatchObject({
      code: 'designer.lastChild',
      message: { en: 'A List must keep at least one item' },
    });
    const removeLast = runCommand(single, { type: 'remove', id: 'f_one' });
    expect(!removeLast.ok && removeLast.code).toBe('designer.lastChild');
    const lastPane = runCommand(single, { type: 'remove', id: childrenOf(single, tabId)[0] });
    expect(!lastPane.ok && lastPane.code).toBe('designer.lastChild');
    expect(canDrop(single, { id: 'f_only' }, listId, 0).ok).toBe(true);
  });

  it('refuses a field whose key the other form already has', () => {
    expect(canDrop(doc, { id: 'f_name' }, list, 1)).toMatchObject({
      code: 'designer.keyTaken',
      message: { zh: '字段名 name 已被本表单的其他字段使用' },
    });
  });

  it('refuses a full page body, unknown nodes, types and places, and dragging the page', () => {
    const full = documentOf({
      schemaVersion: 2,
      type: 'page',
      body: Array.from({ length: MAX_BODY_NODES }, () => ({ type: 'grid', children: [] })),
    });
    expect(canDrop(full, node('grid'), ROOT_ID, 0)).toMatchObject({ code: 'designer.bodyFull' });
    const dup = runCommand(full, { type: 'duplicate', id: childrenOf(full, ROOT_ID)[0] });
    expect(!dup.ok && dup.code).toBe('designer.bodyFull');
    expect(canDrop(full, { id: childrenOf(full, ROOT_ID)[3] }, ROOT_ID, 0).ok).toBe(true);
    expect(reason({ id: 'nope' }, form, 0)).toBe('designer.unknownNode');
    expect(reason(widget('input'), 'nope', 0)).toBe('designer.unknownNode');
    expect(reason(widget('no-such-widget'), form, 0)).toBe('designer.unknownType');
    expect(reason(widget('input'), 'f_name', 0)).toBe('designer.notContainer');
    expect(reason(widget('input'), form, 99)).toBe('designer.badIndex');
    expect(reason(widget('input'), form, -1)).toBe('designer.badIndex');
    expect(reason({ id: ROOT_ID }, form, 0)).toBe('designer.notMovable');
    const removePage = runCommand(doc, { type: 'remove', id: ROOT_ID });
    expect(!removePage.ok && removePage.code).toBe('designer.notMovable');
  });

  it('a refused move changes nothing', () => {
    const outcome = runCommand(doc, { type: 'move', id: list, parent: grid, index: 0 });
    expect(outcome.ok).toBe(false);
    expect(nodeOf(doc, grid)!.children).toHaveLength(1);
  });
});
