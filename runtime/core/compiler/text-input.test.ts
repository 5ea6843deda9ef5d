import { describe, expect, it } from 'vitest';
import type { FieldDefinition } from '../../../protocol/page-schema';
import { sanitizeTextInput, STRIP_ILLEGAL_PROP, textInputCompiler } from './text-input';
import type { CompileContext } from './types';

describe('sanitizeTextInput: what a text input holds after an edit (building-blocks §5)', () => {
  it('lets a legal edit stand', () => {
    expect(sanitizeTextInput({ text: '张三（北京）1.5', caret: 3 })).toBeNull();
  });

  it('strips an illegal edit, keeping the caret with the text', () => {
    expect(sanitizeTextInput({ text: '张三@公司', caret: 3 })).toEqual({ text: '张三公司', caret: 2 });
    expect(sanitizeTextInput({ text: '客户<script>名' })).toEqual({ text: '客户名', caret: 3 });
  });

  it('waits while an IME composes (pinyin separators are not the user text)', () => {
    expect(sanitizeTextInput({ text: "ni'hao", caret: 6, composing: true })).toBeNull();
    expect(sanitizeTextInput({ text: '你好！', caret: 3, composing: false })).toEqual({ text: '你好', caret: 2 });
  });
});

describe('textInputCompiler', () => {
  const field: FieldDefinition = { key: 'name', title: '名称', type: 'input' };
  const adapt = (f: FieldDefinition, mode: CompileContext['mode']) => {
    const schema = { 'x-component-props': { placeholder: 'p' } };
    textInputCompiler(120).adapt!(schema, f, { lang: 'zh', mode });
    return schema['x-component-props'] as Record<string, unknown>;
  };

  it('asks the widget to strip wherever the illegal-character rule applies', () => {
    expect(textInputCompiler(120).text).toEqual({ maxLength: 120 });
    expect(adapt(field, 'edit')).toEqual({ placeholder: 'p', [STRIP_ILLEGAL_PROP]: 'strict' });
    expect(adapt(field, 'search')[STRIP_ILLEGAL_PROP]).toBe('strict');
  });

  it('strips with the policy the widget chose, and never a URL (validated whole instead)', () => {
    const byType = textInputCompiler(120, (f) => (f.props?.type === 'url' ? 'url' : 'name'));
    const props = (f: FieldDefinition) => {
      const schema = { 'x-component-props': {} };
      byType.adapt!(schema, f, { lang: 'zh', mode: 'edit' });
      return schema['x-component-props'] as Record<string, unknown>;
    };
    expect(props(field)[STRIP_ILLEGAL_PROP]).toBe('name');
    expect(props({ ...field, props: { type: 'url' } })[STRIP_ILLEGAL_PROP]).toBeUndefined();
  });

  it('not with allowSpecialCharacter, nor read-only', () => {
    expect(adapt({ ...field, allowSpecialCharacter: true }, 'edit')).toEqual({ placeholder: 'p' });
    expect(adapt(field, 'readPretty')).toEqual({ placeholder: 'p' });
  });
});
