// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('select-search');
const rows = [
  { code: 'A', name: '甲级' },
  { code: 'B', name: '乙级' },
];
const dicts = {
  'dict/customer_level': (q: Record<string, unknown> | undefined) =>
    rows.filter((r) => !q?.kw || r.name.includes(String(q.kw))),
};

describe('select-search widget', () => {
  it('asks the server with the keyword (kwKey) and stores the chosen value', async () => {
    const { form, container, calls } = renderForm([field], { dicts });
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    await act(async () =>
      fireEvent.change(container.querySelector('.ant-select-selection-search-input')!, { target: { value: '乙' } }),
    );
    await waitFor(() => expect(calls.some((c) => c.query?.kw === '乙')).toBe(true));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((e) => e.textContent)).toEqual(['乙级']),
    );
    await act(async () => fireEvent.click(document.querySelector('.ant-select-item-option')!));
    expect(await submitForm(form)).toEqual({ values: { level_s: 'B' } });
  });

  it('reads pretty as the dictionary label', async () => {
    const { container } = renderForm([field], { initialValues: { level_s: 'A' }, readPretty: true, dicts });
    await waitFor(() => expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('甲级'));
  });

  it('required and unchosen is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }], { dicts });
    expect(await submitForm(form)).toEqual({ errors: { level_s: ['等级(搜索)不能为空'] } });
  });
});
