// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('select-filter');
const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((e) => e.textContent);

describe('select-filter widget', () => {
  it('filters the options locally as the user types, stores the option value', async () => {
    const { form, container } = renderForm([field]);
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    expect(optionTexts()).toEqual(['制造业', '零售', '三']);
    await act(async () =>
      fireEvent.change(container.querySelector('.ant-select-selection-search-input')!, { target: { value: '零' } }),
    );
    expect(optionTexts()).toEqual(['零售']);
    await act(async () => fireEvent.click(document.querySelector('.ant-select-item-option')!));
    expect(await submitForm(form)).toEqual({ values: { industry_f: 'retail' } });
  });

  it('reads pretty as the label', () => {
    const { container } = renderForm([field], { initialValues: { industry_f: 3 }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('三');
  });

  it('required and unchosen is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { industry_f: ['行业(筛选)不能为空'] } });
  });
});
