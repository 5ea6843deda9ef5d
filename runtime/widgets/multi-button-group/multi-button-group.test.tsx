// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('multi-button-group');
const buttons = (c: HTMLElement) => [...c.querySelectorAll('.tessera-button-group button')];

describe('multi-button-group widget', () => {
  it('toggles several choices, stored comma-joined in option order', async () => {
    const { form, container } = renderForm([field], { initialValues: { weekdays: '3' } });
    expect(buttons(container).map((b) => b.getAttribute('aria-pressed'))).toEqual(['false', 'false', 'true']);
    await act(async () => fireEvent.click(buttons(container)[0]));
    expect(await submitForm(form)).toEqual({ values: { weekdays: '1,3' } });
    await act(async () => fireEvent.click(buttons(container)[2]));
    expect(await submitForm(form)).toEqual({ values: { weekdays: '1' } });
  });

  it('reads pretty as the labels', () => {
    const { container } = renderForm([field], { initialValues: { weekdays: '1,2' }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('周一, 周二');
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { weekdays: ['工作日不能为空'] } });
  });
});
