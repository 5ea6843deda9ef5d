// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import type { SchemaNode } from '../../protocol/page-schema';
import { renderForm, submitForm } from './widget-helpers/testing';

// The conditions the designer's linkage editor writes (issue 14): read-only, required and value.
const nodes = [
  { key: 'kind', title: '类型', type: 'input' },
  { key: 'price', title: '单价', type: 'number' },
  { key: 'qty', title: '数量', type: 'number' },
  { key: 'total', title: '总价', type: 'number', valueFn: 'number(price) * number(qty)' },
  { key: 'reason', title: '原因', type: 'input', requiredFn: "kind === 'refund'" },
  { key: 'code', title: '编码', type: 'input', disabledFn: "kind === 'locked'" },
] as unknown as SchemaNode[];

describe('condition linkage', () => {
  it('requiredFn makes a field required, with its own message, only while the condition holds', async () => {
    const { form } = renderForm(nodes);
    expect((await submitForm(form)).errors).toBeUndefined();
    await act(async () => form.setValuesIn('kind', 'refund'));
    expect(await submitForm(form)).toEqual({ errors: { reason: ['原因不能为空'] } });
    await act(async () => form.setValuesIn('kind', 'sale'));
    expect((await submitForm(form)).values).toMatchObject({ kind: 'sale' });
  });

  it('valueFn computes the value from the other fields as they change', async () => {
    const { form } = renderForm(nodes);
    await act(async () => {
      form.setValuesIn('price', 3);
      form.setValuesIn('qty', 4);
    });
    await waitFor(() => expect(form.getValuesIn('total')).toBe(12));
    await act(async () => form.setValuesIn('qty', 5));
    await waitFor(() => expect(form.getValuesIn('total')).toBe(15));
  });

  it('disabledFn makes a field read-only while the condition holds', async () => {
    const { form } = renderForm(nodes);
    const code = () => screen.getByLabelText('编码') as HTMLInputElement;
    expect(code().disabled).toBe(false);
    await act(async () => form.setValuesIn('kind', 'locked'));
    await waitFor(() => expect(code().disabled).toBe(true));
    await act(async () => form.setValuesIn('kind', ''));
    await waitFor(() => expect(code().disabled).toBe(false));
  });
});
