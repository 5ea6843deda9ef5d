// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('select-multi');

describe('select-multi widget', () => {
  it('decodes "mfg,3", adds a choice, stores comma-joined', async () => {
    const { form, container } = renderForm([field], { initialValues: { industry_m: 'mfg,3' } });
    expect([...container.querySelectorAll('.ant-select-selection-item-content')].map((e) => e.textContent)).toEqual([
      '制造业',
      '三',
    ]);
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    const retail = [...document.querySelectorAll('.ant-select-item-option')].find((e) => e.textContent === '零售')!;
    await act(async () => fireEvent.click(retail));
    expect(await submitForm(form)).toEqual({ values: { industry_m: 'mfg,3,retail' } });
  });

  it('reads pretty as the labels', () => {
    const { container } = renderForm([field], { initialValues: { industry_m: 'retail,mfg' }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('零售, 制造业');
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { industry_m: ['行业(多选)不能为空'] } });
  });
});
