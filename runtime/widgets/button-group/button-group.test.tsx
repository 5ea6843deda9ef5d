// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('button-group');
const buttons = (c: HTMLElement) => [...c.querySelectorAll('.tessera-button-group button')];

describe('button-group widget', () => {
  it('one choice: the chosen button is pressed, clicking another stores its value, again clears', async () => {
    const { form, container } = renderForm([field], { initialValues: { size: 'm' } });
    expect(buttons(container).map((b) => [b.textContent, b.getAttribute('aria-pressed')])).toEqual([
      ['小', 'false'],
      ['中', 'true'],
      ['大', 'false'],
    ]);
    await act(async () => fireEvent.click(buttons(container)[2]));
    expect(await submitForm(form)).toEqual({ values: { size: 'l' } });
    await act(async () => fireEvent.click(buttons(container)[2]));
    expect(form.values.size).toBeNull();
  });

  it('reads pretty as the label', () => {
    const { container } = renderForm([field], { initialValues: { size: 's' }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('小');
  });

  it('required and unchosen is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { size: ['尺码不能为空'] } });
  });
});
