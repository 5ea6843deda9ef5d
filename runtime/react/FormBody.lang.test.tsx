// @vitest-environment happy-dom
/** Issue 22, item 6: validation messages already on screen follow a language switch. */
import '../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, render, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { SchemaNode } from '../../protocol/page-schema';
import { createDictLoader } from '../core/data/dict';
import type { RequestFn } from '../../protocol/http';
import { RuntimeProvider, type RuntimeContextValue } from './context';
import { FormBody } from './FormBody';
// The shell binds widget components (src/runtime-bindings.ts); the adapter imports none itself.
import '../definitions';
import '../widgets/components';
import { preloadWidgets } from './bindings';

await preloadWidgets();

const nodes: SchemaNode[] = [
  { key: 'name', title: { zh: '客户名称', en: 'Name' }, type: 'input', required: true },
  {
    type: 'grid',
    key: 'g',
    children: [
      { key: 'mobile', title: { zh: '手机号', en: 'Mobile' }, type: 'input', rule_pattern: '^1\\d{10}$' },
      { key: 'note', title: { zh: '备注', en: 'Note' }, type: 'input' },
    ],
  },
] as SchemaNode[];

const request = (async () => ({ code: 200, message: 'success', data: [] })) as unknown as RequestFn;
const runtimeIn = (lang: 'zh' | 'en'): RuntimeContextValue => ({
  request,
  lang,
  user: { id: 'u1', roleIds: [] },
  providerFor: () => {
    throw new Error('not used');
  },
  loadDict: createDictLoader(request),
});

describe('errors on screen after a language switch', () => {
  it('re-render in the new language; fields without an error stay without one', async () => {
    const form = createForm({ initialValues: { mobile: '123' } });
    const tree = (lang: 'zh' | 'en') => (
      <RuntimeProvider value={runtimeIn(lang)}>
        <FormProvider form={form}>
          <FormBody nodes={nodes} />
        </FormProvider>
      </RuntimeProvider>
    );
    const view = render(tree('zh'));
    await act(async () => void (await form.validate().catch(() => undefined)));
    const errors = () => [...view.container.querySelectorAll('.ant-formily-item-error-help')].map((e) => e.textContent);
    await waitFor(() => expect(errors()).toEqual(['客户名称不能为空', '数据格式错误']));
    view.rerender(tree('en'));
    await waitFor(() => expect(errors()).toEqual(['Name is required', 'Invalid format']));
    expect(form.errors.map((e) => e.path)).toEqual(['name', 'mobile']);
    // The same form (what was typed stays) under labels in the new language.
    const labels = () => [...view.container.querySelectorAll('.ant-formily-item-label')].map((e) => e.textContent);
    await waitFor(() => expect(labels().join(' ')).toMatch(/Name.*Mobile.*Note/));
    expect(form.values.mobile).toBe('123');
  });
});
