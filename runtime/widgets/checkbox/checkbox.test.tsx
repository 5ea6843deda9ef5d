// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('checkbox');

describe('checkbox widget', () => {
  it('decodes "1", shows its text, and stores 0 / 1 when toggled', async () => {
    const { form, container } = renderForm([field], { initialValues: { agreed: '1' } });
    const box = container.querySelector('input[type="checkbox"]') as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(container.textContent).toContain('我已阅读并同意');
    await act(async () => fireEvent.click(box));
    expect(await submitForm(form)).toEqual({ values: { agreed: 0 } });
    await act(async () => fireEvent.click(box));
    expect(await submitForm(form)).toEqual({ values: { agreed: 1 } });
  });

  it('reads pretty as 是 / 否', () => {
    const { container } = renderForm([field], { initialValues: { agreed: 0 }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('否');
  });

  it('required and never ticked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { agreed: ['同意条款不能为空'] } });
  });
});
