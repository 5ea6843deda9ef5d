// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('table');
const stored = JSON.stringify([
  { item: '螺丝', qty: 2, unit: 'pc' },
  { item: '🚀', qty: 1, unit: 'box' },
]);
const bodyRows = (c: HTMLElement) => [...c.querySelectorAll('.ant-table-tbody tr.ant-table-row')];

describe('table widget (editable sub-table)', () => {
  it('adds a row, edits its cells, stores the rows as JSON text', async () => {
    const { form, container } = renderForm([field]);
    await act(async () => fireEvent.click(screen.getByText('添加一行')));
    const [row] = bodyRows(container);
    const inputs = row.querySelectorAll('input');
    await act(async () => fireEvent.change(inputs[0], { target: { value: '垫片' } }));
    await act(async () => fireEvent.change(inputs[1], { target: { value: '3' } }));
    expect(await submitForm(form)).toEqual({ values: { items: JSON.stringify([{ item: '垫片', qty: 3 }]) } });
  });

  it('reorders and removes rows', async () => {
    const { form, container } = renderForm([field], { initialValues: { items: stored } });
    expect(bodyRows(container)).toHaveLength(2);
    await act(async () => fireEvent.click(bodyRows(container)[1].querySelector('button[aria-label="上移"]')!));
    expect(JSON.parse(form.values.items).map((r: { item: string }) => r.item)).toEqual(['🚀', '螺丝']);
    await act(async () => fireEvent.click(bodyRows(container)[0].querySelector('button[aria-label="删除"]')!));
    expect(await submitForm(form)).toEqual({
      values: { items: JSON.stringify([{ item: '螺丝', qty: 2, unit: 'pc' }]) },
    });
  });

  it('reads pretty as a plain table with column titles and option labels', () => {
    const { container } = renderForm([field], { initialValues: { items: stored }, readPretty: true, lang: 'en' });
    expect([...container.querySelectorAll('th')].map((th) => th.textContent)).toEqual(['Item', 'Qty', 'Unit']);
    expect(bodyRows(container).map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent))).toEqual([
      ['螺丝', '2', '个'],
      ['🚀', '1', '箱'],
    ]);
    expect(container.querySelector('input')).toBeNull();
  });

  it('required with no rows is an error; junk JSON shows as no rows', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { items: ['明细不能为空'] } });
    const junk = renderForm([field], { initialValues: { items: '{oops' }, readPretty: true });
    expect(junk.container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
  });
});
