// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { SchemaNode } from '../../protocol/page-schema';
import { renderForm, submitForm } from './widget-helpers/testing';

const nodes = [
  {
    key: 'status',
    title: '状态',
    type: 'select',
    selectItems: [
      { value: 'open', label: '进行中' },
      { value: 'closed', label: '已关闭' },
    ],
  },
  { key: 'reason', title: '关闭原因', type: 'input', required: true, hiddenFn: "status !== 'closed'" },
  {
    type: 'grid',
    key: 'money',
    props: { columns: 2 },
    children: [
      { key: 'amount', title: '金额', type: 'number' },
      { key: 'paid', title: '已付', type: 'switch', defaultValue: false },
    ],
  },
  {
    type: 'tab',
    children: [
      {
        key: 'basic',
        title: { zh: '基本信息', en: 'Basics' },
        children: [{ key: 'remark', title: '备注', type: 'textarea' }],
      },
      {
        key: 'more',
        title: { zh: '更多', en: 'More' },
        children: [{ key: 'due', title: '到期日', type: 'date', required: true }],
      },
    ],
  },
] as unknown as SchemaNode[];

describe('<FormBody>', () => {
  it('renders fields, grid and tabs (panes titled in the language) from one schema', () => {
    renderForm(nodes, { lang: 'en' });
    expect(screen.getByRole('tab', { name: 'Basics' })).toBeTruthy();
    expect(screen.getByRole('tab', { name: 'More' })).toBeTruthy();
    expect(screen.getByText('金额')).toBeTruthy();
  });

  it('mounts every tab pane so fields of a hidden pane are validated and submitted', async () => {
    const { form } = renderForm(nodes);
    const result = await submitForm(form);
    // reason is hidden (status is not closed), so only the other pane's required date fails.
    expect(result).toEqual({ errors: { due: ['到期日不能为空'] } });
    await act(async () => form.setValuesIn('due', 1_700_000_000_000));
    expect(await submitForm(form)).toEqual({ values: { paid: 0, due: 1_700_000_000_000 } });
  });

  it('hiddenFn shows and hides a field from the live values; a hidden field is skipped at submit', async () => {
    const { form } = renderForm(nodes, { initialValues: { due: 1, reason: 'stale' } });
    await waitFor(() => expect(screen.queryByText('关闭原因')).toBeNull());
    expect((await submitForm(form)).values).not.toHaveProperty('reason');

    await act(async () => form.setValuesIn('status', 'closed'));
    await waitFor(() => expect(screen.getByText('关闭原因')).toBeTruthy());
    await act(async () => form.setValuesIn('reason', ''));
    expect(await submitForm(form)).toEqual({ errors: { reason: ['关闭原因不能为空'] } });
    await act(async () => form.setValuesIn('reason', '完成'));
    expect((await submitForm(form)).values).toMatchObject({ status: 'closed', reason: '完成' });
  });

  it('readPretty mode renders text without the caller setting form.readPretty', () => {
    const { container } = renderForm(nodes, {
      mode: 'readPretty',
      initialValues: { amount: 5, paid: 1, status: 'open' },
    });
    expect(container.querySelector('input, textarea')).toBeNull();
    const texts = [...container.querySelectorAll('.tessera-read-pretty')].map((e) => e.textContent);
    expect(texts).toEqual(expect.arrayContaining(['进行中', '5', '是']));
  });

  it('fields hidden from the user’s roles are not rendered and not submitted', async () => {
    const restricted = [{ key: 'cost', title: '成本', type: 'number', visibleRoleIds: 'finance' }] as SchemaNode[];
    const outsider = renderForm(restricted, { initialValues: { cost: 9 } });
    expect(screen.queryByText('成本')).toBeNull();
    expect((await submitForm(outsider.form)).values).toEqual({});
    outsider.unmount();
    renderForm(restricted, { roleIds: ['finance'], initialValues: { cost: 9 } });
    expect(screen.getByText('成本')).toBeTruthy();
  });

  it('a stored {{ }} string never reaches a code evaluator', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const hostile = [
      { key: 'x', title: '{{ constructor.constructor(\'throw new Error("ran")\')() }}', type: 'input' },
    ] as SchemaNode[];
    const { form, container } = renderForm(hostile);
    fireEvent.change(container.querySelector('input')!, { target: { value: 'ok' } });
    expect(await submitForm(form)).toEqual({ values: { x: 'ok' } });
    expect(warn).toHaveBeenCalledWith(expect.stringContaining("constructor.constructor('throw"));
    warn.mockRestore();
  });
});
