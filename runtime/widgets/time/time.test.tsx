// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { typeInto } from '../../react/widget-helpers/testing-pickers';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('time');

describe('time widget', () => {
  it('shows "HH:mm:ss" text and stores the typed time as text', async () => {
    const { form, container } = renderForm([field], { initialValues: { open_at: '8:05' } });
    const input = container.querySelector('input')!;
    expect(input.value).toBe('08:05:00');
    await typeInto(input, '17:30:00');
    expect(await submitForm(form)).toEqual({ values: { open_at: '17:30:00' } });
  });

  it('reads pretty; garbage shows "-"', () => {
    const ok = renderForm([field], { initialValues: { open_at: '09:00:00' }, readPretty: true });
    expect(ok.container.querySelector('.tessera-read-pretty')!.textContent).toBe('09:00:00');
    ok.unmount();
    const bad = renderForm([field], { initialValues: { open_at: '25:99' }, readPretty: true });
    expect(bad.container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
  });

  it('required with nothing picked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { open_at: ['营业时间不能为空'] } });
  });
});
