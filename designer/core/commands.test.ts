/**
 * Every command and its inverse: applying the inverse gives the original back (deep-equal and
 * byte-equal, ids included), applying the ops again gives the command's result, and what a
 * command makes still passes the store's checks.
 */
import { describe, expect, it } from 'vitest';
import { paletteEntries } from '../../runtime/core/palette';
import { getNode } from '../../runtime/core/registry';
import { countingIds, sampleDocument } from './test-fixtures/sample';
import {
  applyOps,
  childrenOf,
  documentOf,
  nodeOf,
  runCommand,
  ROOT_ID,
  serialiseText,
  validateDocument,
  type Command,
  type DesignDocument,
  type Done,
} from './index';

function roundTrip(doc: DesignDocument, command: Command): Done {
  const outcome = runCommand(doc, command, countingIds());
  if (!outcome.ok) throw new Error(`refused: ${outcome.message.en}`);
  const back = applyOps(outcome.doc, outcome.inverse);
  expect(back.schema).toEqual(doc.schema);
  expect(JSON.stringify(back.schema)).toBe(JSON.stringify(doc.schema));
  expect(back.tree).toEqual(doc.tree);
  expect(serialiseText(back)).toBe(serialiseText(doc));
  const again = applyOps(back, outcome.ops);
  expect(JSON.stringify(again.schema)).toBe(JSON.stringify(outcome.doc.schema));
  expect(again.tree).toEqual(outcome.doc.tree);
  expect(validateDocument(outcome.doc).issues).toEqual([]);
  return outcome;
}

const doc = sampleDocument();
const [form, list, outer] = childrenOf(doc, ROOT_ID);
const [, grid, tabs, card] = childrenOf(doc, form);
const [paneOne, paneTwo] = childrenOf(doc, tabs);

describe('commands', () => {
  it('the sample page is valid to begin with', () => {
    expect(validateDocument(doc).issues).toEqual([]);
  });

  it('insert: a palette widget gets a fresh id, a key unique in its form, and is selected', () => {
    const out = roundTrip(doc, {
      type: 'insert',
      entry: { kind: 'widget', type: 'input', defaults: { type: 'input', title: { zh: '单行文本', en: 'Text' } } },
      parent: grid,
      index: 1,
    });
    expect(childrenOf(out.doc, grid)).toEqual(['f_amount', 'f_new1']);
    expect(nodeOf(out.doc, 'f_new1')).toEqual({
      id: 'f_new1',
      key: 'input_1',
      title: { zh: '单行文本', en: 'Text' },
      type: 'input',
    });
    expect(out.select).toBe('f_new1');
    // a second one in the same form gets the next key
    const second = roundTrip(out.doc, {
      type: 'insert',
      entry: { kind: 'widget', type: 'input' },
      parent: form,
      index: 0,
    });
    expect(nodeOf(second.doc, childrenOf(second.doc, form)[0])).toMatchObject({ key: 'input_2' });
  });

  it('insert: a node from the palette (a form) gets its fields fresh ids and keeps its keys in its own form', () => {
    const out = roundTrip(doc, { type: 'insert', entry: { kind: 'node', type: 'form' }, parent: ROOT_ID, index: 3 });
    const added = childrenOf(out.doc, ROOT_ID)[3];
    expect(childrenOf(out.doc, added)).toEqual(['f_new1']);
    expect(nodeOf(out.doc, 'f_new1')).toMatchObject({ key: 'name' });
    const tabsOut = roundTrip(doc, { type: 'insert', entry: { kind: 'node', type: 'tab' }, parent: paneTwo, index: 0 });
    expect(childrenOf(tabsOut.doc, paneTwo)).toHaveLength(1);
  });

  it('insert: every palette entry (paletteEntries) lands where it may go and the page stays valid', () => {
    let at = doc;
    const ids = countingIds();
    for (const group of paletteEntries('zh')) {
      for (const entry of group.entries) {
        const placement = entry.kind === 'node' ? getNode(entry.type)?.placement : undefined;
        const parent = entry.kind === 'widget' || placement === 'anywhere' ? form : ROOT_ID;
        const outcome = runCommand(at, { type: 'insert', entry, parent, index: 0 }, ids);
        if (!outcome.ok) throw new Error(`${entry.type}: ${outcome.message.en}`);
        at = outcome.doc;
      }
    }
    expect(childrenOf(at, form).length).toBeGreaterThan(40);
    expect(validateDocument(at).issues).toEqual([]);
  });

  it('remove: takes the node out and undo puts it back with the same id', () => {
    const out = roundTrip(doc, { type: 'remove', id: grid });
    expect(childrenOf(out.doc, form)).not.toContain(grid);
    expect(nodeOf(out.doc, 'f_amount')).toBeUndefined();
    roundTrip(doc, { type: 'remove', id: paneTwo });
  });

  it('move: reorders within a container and moves between containers (form, grid cell, tab, card)', () => {
    const reorder = roundTrip(doc, { type: 'move', id: 'f_name', parent: form, index: 4 });
    expect(childrenOf(reorder.doc, form)).toEqual([grid, tabs, card, 'f_name']);
    const intoCell = roundTrip(doc, { type: 'move', id: 'f_name', parent: grid, index: 0 });
    expect(childrenOf(intoCell.doc, grid)).toEqual(['f_name', 'f_amount']);
    const intoPane = roundTrip(doc, { type: 'move', id: 'f_note', parent: paneTwo, index: 0 });
    expect(childrenOf(intoPane.doc, paneTwo)).toEqual(['f_note']);
    const intoCard = roundTrip(doc, { type: 'move', id: grid, parent: card, index: 0 });
    expect(childrenOf(intoCard.doc, card)).toEqual([grid]);
    expect(childrenOf(intoCard.doc, grid)).toEqual(['f_amount']);
    const panes = roundTrip(doc, { type: 'move', id: paneTwo, parent: tabs, index: 0 });
    expect(childrenOf(panes.doc, tabs)).toEqual([paneTwo, paneOne]);
    const toOtherForm = roundTrip(doc, { type: 'move', id: 'f_note', parent: list, index: 2 });
    expect(childrenOf(toOtherForm.doc, list)).toEqual(['f_title', 'f_name_list', 'f_note']);
  });

  it('move: to where it already is changes nothing', () => {
    const out = runCommand(doc, { type: 'move', id: 'f_name', parent: form, index: 1 });
    expect(out.ok && out.ops).toEqual([]);
  });

  it('a moved node keeps its own layout in the text, and moving it back gives the same bytes', () => {
    const out = runCommand(doc, { type: 'move', id: grid, parent: card, index: 0 });
    if (!out.ok) throw new Error('refused');
    const back = runCommand(out.doc, { type: 'move', id: grid, parent: form, index: 1 });
    if (!back.ok) throw new Error('refused');
    expect(serialiseText(back.doc)).toBe(serialiseText(doc));
  });

  it('duplicate: fresh ids, keys made unique in the form, the copy right after the original', () => {
    const field = roundTrip(doc, { type: 'duplicate', id: 'f_name' });
    expect(childrenOf(field.doc, form).slice(0, 2)).toEqual(['f_name', 'f_new1']);
    expect(nodeOf(field.doc, 'f_new1')).toMatchObject({ id: 'f_new1', key: 'name_2', type: 'input' });
    expect(field.select).toBe('f_new1');
    const container = roundTrip(doc, { type: 'duplicate', id: grid });
    const copy = childrenOf(container.doc, form)[2];
    expect(nodeOf(container.doc, copy)).toMatchObject({ type: 'grid', key: 'cells_2' });
    expect(nodeOf(container.doc, childrenOf(container.doc, copy)[0])).toMatchObject({ id: 'f_new1', key: 'amount_2' });
    const wholeList = roundTrip(doc, { type: 'duplicate', id: list });
    const listCopy = childrenOf(wholeList.doc, ROOT_ID)[2];
    expect(nodeOf(wholeList.doc, listCopy)).toMatchObject({ key: 'rows_2' });
    expect(childrenOf(wholeList.doc, listCopy).map((id) => nodeOf(wholeList.doc, id)!.key)).toEqual(['title', 'name']);
    roundTrip(doc, { type: 'duplicate', id: paneOne });
    roundTrip(doc, { type: 'duplicate', id: outer });
  });

  it('updateSettings: writes through applySettings, keeps the children, and its inverse restores the node', () => {
    const out = roundTrip(doc, {
      type: 'updateSettings',
      id: 'f_name',
      values: { title__en: 'Full name', required: true, columnSpan: 2 },
    });
    expect(nodeOf(out.doc, 'f_name')).toEqual({
      id: 'f_name',
      key: 'name',
      title: { zh: '名称', en: 'Full name' },
      type: 'input',
      required: true,
      columnSpan: 2,
    });
    const gridOut = roundTrip(doc, { type: 'updateSettings', id: grid, values: { props__columns: 3 } });
    expect(nodeOf(gridOut.doc, grid)).toMatchObject({ props: { columns: 3 } });
    expect(childrenOf(gridOut.doc, grid)).toEqual(['f_amount']);
    expect(nodeOf(gridOut.doc, grid)!.children).toBe(nodeOf(doc, grid)!.children);
    roundTrip(doc, { type: 'updateSettings', id: ROOT_ID, values: { title__zh: '新标题' } });
    roundTrip(doc, { type: 'updateSettings', id: paneOne, values: { title__en: 'First' } });
  });

  it("updateSettings: a new Chinese title drops an English title left at the palette's default, not one the admin wrote", () => {
    const dropped = roundTrip(doc, {
      type: 'insert',
      entry: { kind: 'widget', type: 'input', defaults: { type: 'input', title: { zh: '单行文本', en: 'Text' } } },
      parent: grid,
      index: 1,
    });
    const retitled = roundTrip(dropped.doc, {
      type: 'updateSettings',
      id: 'f_new1',
      values: { title__zh: '客户名称' },
    });
    expect(nodeOf(retitled.doc, 'f_new1')!.title).toEqual({ zh: '客户名称' });
    const written = roundTrip(dropped.doc, { type: 'updateSettings', id: 'f_new1', values: { title__en: 'Customer' } });
    const kept = roundTrip(written.doc, { type: 'updateSettings', id: 'f_new1', values: { title__zh: '客户' } });
    expect(nodeOf(kept.doc, 'f_new1')!.title).toEqual({ zh: '客户', en: 'Customer' });
    const both = roundTrip(dropped.doc, {
      type: 'updateSettings',
      id: 'f_new1',
      values: { title__zh: '客户', title__en: 'Text' },
    });
    expect(nodeOf(both.doc, 'f_new1')!.title).toEqual({ zh: '客户', en: 'Text' });
  });

  it('updateSettings: a changed key is checked like a rename, and an edit that changes nothing is no step', () => {
    const bad = runCommand(doc, { type: 'updateSettings', id: 'f_name', values: { key: 'order' } });
    expect(!bad.ok && bad.code).toBe('designer.keyReserved');
    const same = runCommand(doc, { type: 'updateSettings', id: 'f_name', values: { title__zh: '名称' } });
    expect(same.ok && same.ops).toEqual([]);
  });

  it('renameKey: format, reserved words and uniqueness in the form (case-insensitive) are checked', () => {
    const out = roundTrip(doc, { type: 'renameKey', id: 'f_name', key: 'customer_name' });
    expect(nodeOf(out.doc, 'f_name')).toMatchObject({ id: 'f_name', key: 'customer_name' });
    const refusals = (id: string, key: string) => {
      const outcome = runCommand(doc, { type: 'renameKey', id, key });
      return outcome.ok ? 'ok' : outcome.code;
    };
    expect(refusals('f_name', 'has space')).toBe('designer.keyInvalid');
    expect(refusals('f_name', '1st')).toBe('designer.keyInvalid');
    expect(refusals('f_name', 'x'.repeat(61))).toBe('designer.keyInvalid');
    expect(refusals('f_name', 'select')).toBe('designer.keyReserved');
    expect(refusals('f_name', 'User')).toBe('designer.keyReserved');
    expect(refusals('f_name', 'AMOUNT')).toBe('designer.keyTaken');
    expect(refusals('f_name', 'note')).toBe('designer.keyTaken');
    expect(refusals('f_name', '')).toBe('designer.keyRequired');
    // the list is another form: its `name` does not clash with the form's
    expect(refusals('f_title', 'amount')).toBe('ok');
    expect(refusals('f_title', 'name')).toBe('designer.keyTaken');
    expect(refusals('nope', 'abc')).toBe('designer.unknownNode');
    const refused = runCommand(doc, { type: 'renameKey', id: 'f_name', key: 'order' });
    expect(!refused.ok && refused.message).toEqual({
      zh: '字段名 order 是数据库保留字，请换一个',
      en: 'The key order is a word the databases reserve: choose another',
    });
    roundTrip(doc, { type: 'renameKey', id: grid, key: 'layout_cells' });
    roundTrip(doc, { type: 'renameKey', id: list, key: 'all-rows' });
    // a pane, a container and the page without a key get one
    const single = documentOf({
      schemaVersion: 2,
      type: 'page',
      body: [
        {
          type: 'form',
          dataSource: { kind: 'STATIC', data: [] },
          fields: [
            { type: 'tab', children: [{ title: 'P', children: [{ id: 'f_x', key: 'x', title: 'X', type: 'input' }] }] },
          ],
        },
      ],
    });
    const [singleForm] = childrenOf(single, ROOT_ID);
    const [tab] = childrenOf(single, singleForm);
    const [pane] = childrenOf(single, tab);
    expect(nodeOf(roundTrip(single, { type: 'renameKey', id: pane, key: 'first-pane' }).doc, pane)).toEqual({
      key: 'first-pane',
      title: 'P',
      children: [{ id: 'f_x', key: 'x', title: 'X', type: 'input' }],
    });
    expect(Object.keys(nodeOf(roundTrip(single, { type: 'renameKey', id: tab, key: 'tabs' }).doc, tab)!)).toEqual([
      'key',
      'type',
      'children',
    ]);
    expect(
      nodeOf(roundTrip(single, { type: 'renameKey', id: singleForm, key: '' }).doc, singleForm),
    ).not.toHaveProperty('key');
    expect(refusals(grid, 'layout-cells')).toBe('designer.keyInvalid');
  });

  it('batch: several commands are one step; one refusal refuses them all', () => {
    const out = roundTrip(doc, {
      type: 'batch',
      commands: [
        { type: 'move', id: 'f_name', parent: paneTwo, index: 0 },
        { type: 'renameKey', id: 'f_name', key: 'full_name' },
        { type: 'insert', entry: { kind: 'widget', type: 'switch' }, parent: card, index: 0 },
      ],
    });
    expect(childrenOf(out.doc, paneTwo)).toEqual(['f_name']);
    expect(nodeOf(out.doc, 'f_name')).toMatchObject({ key: 'full_name' });
    expect(childrenOf(out.doc, card)).toEqual(['f_new1']);
    const refused = runCommand(doc, {
      type: 'batch',
      commands: [
        { type: 'renameKey', id: 'f_name', key: 'full_name' },
        { type: 'renameKey', id: 'f_note', key: 'full_name' },
      ],
    });
    expect(!refused.ok && refused.code).toBe('designer.keyTaken');
    const empty = runCommand(doc, { type: 'batch', commands: [] });
    expect(!empty.ok && empty.code).toBe('designer.emptyBatch');
  });
});

describe('addPane', () => {
  it('adds an empty pane with a fresh key and a title in both languages, and undo takes it away', () => {
    const out = roundTrip(doc, { type: 'addPane', tab: tabs, index: 2 });
    const pane = childrenOf(out.doc, tabs)[2];
    expect(nodeOf(out.doc, pane)).toEqual({ key: 'tab3', title: { zh: '页签3', en: 'Tab 3' }, children: [] });
    expect(out.select).toBe(pane);
    const moved = roundTrip(out.doc, { type: 'move', id: 'f_name', parent: pane, index: 0 });
    expect(childrenOf(moved.doc, pane)).toEqual(['f_name']);
    const notTab = runCommand(doc, { type: 'addPane', tab: grid, index: 0 });
    expect(!notTab.ok && notTab.code).toBe('designer.notContainer');
  });
});

describe('replaceSchema (the JSON view)', () => {
  it('replaces the whole page as one undoable step; fields keep their ids', () => {
    const edited = structuredClone(doc.schema) as unknown as { title: unknown; body: unknown[] };
    edited.title = { zh: '改过', en: 'Edited' };
    edited.body.reverse();
    const out = roundTrip(doc, { type: 'replaceSchema', schema: edited });
    expect(JSON.stringify(out.doc.schema)).toBe(JSON.stringify(edited));
    expect(nodeOf(out.doc, 'f_name')).toMatchObject({ key: 'name' });
    expect(childrenOf(out.doc, ROOT_ID)).toHaveLength(3);
    const same = runCommand(doc, { type: 'replaceSchema', schema: structuredClone(doc.schema) });
    expect(same.ok && same.ops).toEqual([]);
  });

  it('refuses what is not a page schema, saying why, and changes nothing', () => {
    const pasted = runCommand(doc, { type: 'replaceSchema', schema: { components: [] } });
    expect(pasted).toMatchObject({
      ok: false,
      code: 'designer.notLoadable',
      message: {
        en: 'The page schema cannot be loaded: This is not a page schema of this platform (no schemaVersion and no type "page"); it may come from another product: paste a module schema exported here',
      },
    });
  });

  it('never lets a settings edit change a field id', () => {
    const out = roundTrip(doc, { type: 'updateSettings', id: 'f_name', values: { id: 'f_other', title__en: 'N' } });
    expect(nodeOf(out.doc, 'f_name')).toMatchObject({ id: 'f_name' });
  });
});
