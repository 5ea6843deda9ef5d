// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('readonly');

describe('readonly widget', () => {
  it('shows the value as text in edit mode (no input) and submits it unchanged', async () => {
    const { form, container } = renderForm([field], { initialValues: { serial_no: 'NO-订单-🚀' } });
    expect(container.querySelector('input')).toBeNull();
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('#NO-订单-🚀');
    expect(await submitForm(form)).toEqual({ values: { serial_no: 'NO-订单-🚀' } });
  });

  it('read-only shows the same text, "-" when empty', () => {
    const { container } = renderForm([field], { readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
  });

  it('a required readonly field without a value is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { serial_no: ['流水号不能为空'] } });
  });
});
