import { describe, expect, it } from 'vitest';
import '../../../runtime/definitions';
import '../../../protocol/messages/late';
import type { PageSchema } from '../../../protocol/page-schema';
import { createDashEditor, isDirty } from '../../core/dashboard';
import { dashReducer, keyOf } from './state';

const key = (k: string, mods: { ctrl?: boolean; shift?: boolean; meta?: boolean } = {}) => ({
  key: k,
  ctrlKey: !!mods.ctrl,
  metaKey: !!mods.meta,
  shiftKey: !!mods.shift,
});

describe('the dashboard designer keyboard', () => {
  it('maps the shortcuts, and leaves typing alone (but Ctrl+S saves from a field too)', () => {
    expect(keyOf(key('z', { ctrl: true }), false)).toBe('undo');
    expect(keyOf(key('Z', { ctrl: true, shift: true }), false)).toBe('redo');
    expect(keyOf(key('y', { ctrl: true }), false)).toBe('redo');
    expect(keyOf(key('z', { meta: true }), false)).toBe('undo');
    expect(keyOf(key('d', { ctrl: true }), false)).toBe('duplicate');
    expect(keyOf(key('Delete'), false)).toBe('remove');
    expect(keyOf(key('Backspace'), false)).toBe('remove');
    expect(keyOf(key('Escape'), false)).toBe('deselect');
    expect(keyOf(key('s', { ctrl: true }), true)).toBe('save');
    for (const k of [key('z', { ctrl: true }), key('Delete'), key('Backspace'), key('Escape')])
      expect(keyOf(k, true)).toBeUndefined();
    expect(keyOf(key('a'), false)).toBeUndefined();
  });
});

describe('the dashboard designer reducer', () => {
  const schema = {
    schemaVersion: 2,
    type: 'page',
    body: [{ type: 'dashboard', key: 'main', layouts: { lg: [] }, children: [] }],
  } as unknown as PageSchema;

  it('keeps a refusal beside an unchanged state, and a save makes it clean', () => {
    let state = { editor: createDashEditor(schema)! };
    const refused = dashReducer(state, { type: 'run', command: { type: 'remove', key: 'nope' } });
    expect(refused.editor).toBe(state.editor);
    expect(refused.refusal?.message.zh).toBe('找不到组件：nope');
    state = dashReducer(state, { type: 'run', command: { type: 'add', widget: 'stat' } });
    expect(isDirty(state.editor)).toBe(true);
    state = dashReducer(state, { type: 'saved' });
    expect(isDirty(state.editor)).toBe(false);
    state = dashReducer(state, { type: 'select', key: null });
    expect(state.editor.selected).toBeNull();
  });
});
