/**
 * The React designer's adapters, without React: the reducer over designer/core's editor, the
 * keyboard map, the drop adapter (place, verdict with its reason, command), where Enter inserts,
 * the settings bridge, the plan's sentences and the JSON view's lines.
 */
import { describe, expect, it } from 'vitest';
import { sampleDocument } from '../core/test-fixtures/sample';
import { childrenOf, isDirty, nodeOf, ROOT_ID, serialiseText } from '../core';
import { designerReducer, initialState, type DesignerState } from './state';
import { keyAction, isTypingTarget } from './keyboard';
import { dropCommand, dropTarget, isAfter, placeOf, draggedOf, itemDropId, slotDropId } from './drop';
import { insertPlaceFor } from './insert-place';
import { panelFields, panelValues, staleKeys } from './settings-values';
import { describeStep, isDestructive } from './plan-text';
import { lineOfPointer, pointerOffsets } from './json-positions';
import { jsonProblems } from './JsonView';
import { clearDraft, draftKey, readDraft, writeDraft } from './draft';

const doc = sampleDocument();
const [form, list] = childrenOf(doc, ROOT_ID);
const [name, grid, tabs] = childrenOf(doc, form);
const [paneOne] = childrenOf(doc, tabs);
const input = { entry: { kind: 'widget' as const, type: 'input' } };
const box = { left: 0, top: 0, width: 200, height: 40 };

const run = (state: DesignerState, ...actions: Parameters<typeof designerReducer>[1][]) =>
  actions.reduce(designerReducer, state);

describe('designer state', () => {
  it('runs core commands, undoes and redoes them, and a refusal changes nothing but says why', () => {
    const start = initialState(doc);
    const inserted = run(start, {
      type: 'run',
      command: { type: 'insert', entry: input.entry, parent: grid, index: 1 },
    });
    expect(childrenOf(inserted.editor.doc, grid)).toHaveLength(2);
    expect(isDirty(inserted.editor)).toBe(true);
    const undone = run(inserted, { type: 'undo' });
    expect(serialiseText(undone.editor.doc)).toBe(serialiseText(doc));
    expect(isDirty(undone.editor)).toBe(false);
    expect(childrenOf(run(undone, { type: 'redo' }).editor.doc, grid)).toHaveLength(2);

    const refused = run(inserted, {
      type: 'run',
      command: { type: 'insert', entry: { kind: 'node', type: 'list' }, parent: grid, index: 0 },
    });
    expect(refused.editor).toBe(inserted.editor);
    expect(refused.refusal?.code).toBe('designer.pageOnly');
    expect(refused.refusal?.message.zh).toContain('不能放在表单中');
  });

  it('keeps typing in one setting as one undo step until the field is sealed, and a save makes it clean', () => {
    let state = run(initialState(doc), { type: 'select', id: name });
    for (const title of ['客', '客户', '客户名']) {
      state = run(state, { type: 'run', command: { type: 'updateSettings', id: name, values: { title__zh: title } } });
    }
    expect(state.editor.undo).toHaveLength(1);
    state = run(
      state,
      { type: 'seal' },
      { type: 'run', command: { type: 'updateSettings', id: name, values: { title__zh: 'x' } } },
    );
    expect(state.editor.undo).toHaveLength(2);
    expect(isDirty(run(state, { type: 'saved' }).editor)).toBe(false);
    expect(isDirty(run(state, { type: 'load', doc, dirty: true }).editor)).toBe(true);
  });
});

describe('keyboard map', () => {
  const selected = (id: string | null) => run(initialState(doc), { type: 'select', id });
  it('maps each key of the brief onto a core command or selection move', () => {
    expect(keyAction(selected(name), { key: 'z', ctrlKey: true }, undefined)?.action).toEqual({ type: 'undo' });
    expect(keyAction(selected(name), { key: 'Z', ctrlKey: true, shiftKey: true }, undefined)?.action).toEqual({
      type: 'redo',
    });
    expect(keyAction(selected(name), { key: 'Escape' }, undefined)?.action).toEqual({ type: 'select', id: null });
    expect(keyAction(selected(name), { key: 'Delete' }, undefined)?.action).toEqual({
      type: 'run',
      command: { type: 'remove', id: name },
    });
    expect(keyAction(selected(name), { key: 'ArrowDown' }, undefined)?.action).toEqual({
      type: 'moveSelection',
      move: 'next',
    });
    expect(keyAction(selected(grid), { key: 'ArrowUp', altKey: true }, undefined)?.action).toEqual({
      type: 'run',
      command: { type: 'move', id: grid, parent: form, index: 0 },
    });
    // Alt+↑ on the first node has nowhere to go.
    expect(keyAction(selected(name), { key: 'ArrowUp', altKey: true }, undefined)).toBeUndefined();
    expect(keyAction(selected(name), { key: 'c', ctrlKey: true }, undefined)).toEqual({ copy: name });
    expect(keyAction(selected(grid), { key: 'v', ctrlKey: true }, name)?.action).toEqual({
      type: 'run',
      command: { type: 'duplicate', id: name },
    });
    // The page cannot be removed or copied.
    expect(keyAction(selected(ROOT_ID), { key: 'Delete' }, undefined)).toBeUndefined();
  });

  it('leaves keys typed in inputs and editors alone', () => {
    const field = { closest: (selector: string) => (selector.includes('input') ? {} : null) };
    expect(isTypingTarget(field as unknown as EventTarget)).toBe(true);
    expect(isTypingTarget({ closest: () => null } as unknown as EventTarget)).toBe(false);
  });
});

describe('drop adapter', () => {
  it('reads before or after a node from the pointer, and a slot as its end', () => {
    expect(isAfter({ x: 10, y: 5 }, box)).toBe(false);
    expect(isAfter({ x: 10, y: 35 }, box)).toBe(true);
    expect(isAfter({ x: 190, y: 20 }, box)).toBe(true);
    expect(placeOf(doc, itemDropId(grid), false)).toEqual({ parent: form, index: 1 });
    expect(placeOf(doc, itemDropId(grid), true)).toEqual({ parent: form, index: 2 });
    expect(placeOf(doc, slotDropId(paneOne), false)).toEqual({ parent: paneOne, index: 1 });
    expect(placeOf(doc, itemDropId(ROOT_ID), false)).toBeUndefined();
  });

  it('answers the core verdict with its reason, and the command a drop runs', () => {
    const ok = dropTarget(doc, input, slotDropId(grid), { x: 0, y: 0 }, box)!;
    expect(ok.verdict.ok).toBe(true);
    expect(dropCommand(input, ok)).toEqual({ type: 'insert', entry: input.entry, parent: grid, index: 1 });
    const refused = dropTarget(doc, { entry: { kind: 'node', type: 'list' } }, slotDropId(grid), { x: 0, y: 0 }, box)!;
    expect(refused.verdict.ok).toBe(false);
    expect(!refused.verdict.ok && refused.verdict.message.en).toMatch(/cannot go inside a form/);
    expect(dropTarget(doc, { id: name }, itemDropId(name), { x: 0, y: 0 }, box)).toBeUndefined();
    expect(dropCommand({ id: name }, { parent: paneOne, index: 0 })).toEqual({
      type: 'move',
      id: name,
      parent: paneOne,
      index: 0,
    });
    expect(draggedOf('node:abc')).toEqual({ id: 'abc' });
    expect(
      draggedOf('palette:widget:input', { kind: 'widget', type: 'input', title: '', icon: '', defaults: {} }),
    ).toEqual({
      entry: { kind: 'widget', type: 'input', defaults: {} },
    });
  });

  it('inserts with Enter after the selected field, into a selected container, else into the first form', () => {
    expect(insertPlaceFor(doc, name)).toEqual({ parent: form, index: 1 });
    expect(insertPlaceFor(doc, grid)).toEqual({ parent: grid, index: 1 });
    expect(insertPlaceFor(doc, null)).toEqual({ parent: form, index: childrenOf(doc, form).length });
    expect(insertPlaceFor(doc, list)).toEqual({ parent: list, index: 2 });
  });
});

describe('settings bridge', () => {
  it('gives a field its type settings from the registry and a pane its title and key', () => {
    const keys = panelFields('field', nodeOf(doc, name)!).map((field) => field.key);
    expect(keys).toEqual(expect.arrayContaining(['title__zh', 'title__en', 'key', 'required']));
    expect(panelFields('pane', nodeOf(doc, paneOne)!).map((field) => field.key)).toEqual([
      'title__zh',
      'title__en',
      'key',
    ]);
    expect(panelValues('field', nodeOf(doc, name)!)).toMatchObject({
      title__zh: '名称',
      title__en: 'Name',
      key: 'name',
    });
    expect(panelValues('page', nodeOf(doc, ROOT_ID)!)).toMatchObject({ title__zh: '测试页' });
  });

  it('finds only the values an undo changed ("" and missing are the same)', () => {
    expect(staleKeys({ a: '', b: 1, c: 'x' }, { b: 1, c: 'y' }, ['a', 'b', 'c'])).toEqual(['c']);
  });
});

describe('plan and JSON view texts', () => {
  it('says each plan step in the language and flags the destructive ones', () => {
    const retire = { op: 'retireColumn', column: 'mobile', key: 'mobile', to: 'mobile__r2' };
    expect(describeStep({ op: 'addColumn', column: 'age', type: 'integer' }, 'zh')).toBe('新增列 age（integer）');
    expect(describeStep(retire, 'en')).toBe('Retire column mobile (field mobile); its data is kept');
    expect(describeStep({ op: 'createTable', columns: [{ column: 'id' }, { column: 'name' }] }, 'en')).toBe(
      'Create the table (id, name)',
    );
    expect(isDestructive(retire)).toBe(true);
  });

  it('finds the line of a pointer, and of its parent when the value is missing', () => {
    const text = '{\n  "a": 1,\n  "b": [\n    { "c": "x" },\n    2\n  ]\n}\n';
    const offsets = pointerOffsets(text);
    expect(lineOfPointer(text, offsets, '/a')).toBe(2);
    expect(lineOfPointer(text, offsets, '/b/0/c')).toBe(4);
    expect(lineOfPointer(text, offsets, '/b/1')).toBe(5);
    expect(lineOfPointer(text, offsets, '/b/0/missing')).toBe(4);
  });

  it('refuses text that does not parse or validate, each problem at its line', () => {
    expect(jsonProblems('{ "type": ', 'zh').problems[0].text).toMatch(/JSON 格式错误/);
    const text = serialiseText(doc);
    expect(jsonProblems(text, 'en')).toEqual({ problems: [], schema: JSON.parse(text) });
    const broken = text.replace('"key": "amount"', '"key": "name"');
    const found = jsonProblems(broken, 'en');
    expect(found.problems.length).toBeGreaterThan(0);
    // The duplicate key is marked on the second field's own "key" line, not on the first field's.
    const lines = broken.split('\n');
    expect(lines[found.problems[0].line - 1]).toContain('"key": "name"');
    expect(found.problems[0].line).toBeGreaterThan(lines.findIndex((line) => line.includes('"f_amount"')));
  });
});

describe('draft', () => {
  it('keeps a draft per app and module, and reads nothing from a broken one', () => {
    const items = new Map<string, string>();
    const storage = {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
    } as unknown as Storage;
    const key = draftKey('demo', 'm1');
    writeDraft(storage, key, { base: 3, schema: { type: 'page' }, at: 1 });
    expect(readDraft(storage, key)).toEqual({ base: 3, schema: { type: 'page' }, at: 1 });
    expect(readDraft(storage, draftKey('demo', 'm2'))).toBeUndefined();
    items.set(key, '{broken');
    expect(readDraft(storage, key)).toBeUndefined();
    clearDraft(storage, key);
    expect(readDraft(storage, key)).toBeUndefined();
  });
});

describe('settings values', () => {
  it('stores a switch as a boolean and JSON rules as their value, showing them back as text', async () => {
    const { fromPanel, toPanel } = await import('./settings-values');
    const required = { id: 'f_required', key: 'required', title: 'Required', type: 'switch' };
    const rules = { id: 'f_rules', key: 'rules', title: 'Rules', type: 'code-editor', props: { language: 'json' } };
    expect(fromPanel(required, 1)).toEqual({ value: true });
    expect(fromPanel(required, 0)).toEqual({ value: undefined });
    expect(fromPanel(rules, '[{"min": 2}]')).toEqual({ value: [{ min: 2 }] });
    expect(fromPanel(rules, '[{"min": ')).toEqual({ error: true });
    expect(fromPanel(undefined, 'x')).toEqual({ value: 'x' });
    expect(toPanel([rules], { rules: [{ min: 2 }] }).rules).toBe('[\n  {\n    "min": 2\n  }\n]');
  });
});
