// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('radio-button');

describe('radio-button widget', () => {
  it('renders a button bar and stores the chosen value', async () => {
    const { form, container } = renderForm([field], { initialValues: { priority: 'low' } });
    const buttons = [...container.querySelectorAll('.ant-radio-button-wrapper')];
    expect(buttons.map((b) => b.textContent)).toEqual(['低', '中', '高']);
    expect(buttons[0].className).toContain('ant-radio-button-wrapper-checked');
    await act(async () => fireEvent.click(buttons[2].querySelector('input')!));
    expect(await submitForm(form)).toEqual({ values: { priority: 'high' } });
  });

  it('reads pretty as the label; an unknown stored value shows as itself', () => {
    const known = renderForm([field], { initialValues: { priority: 'mid' }, readPretty: true });
    expect(known.container.querySelector('.tessera-read-pretty')!.textContent).toBe('中');
    known.unmount();
    const unknown = renderForm([field], { initialValues: { priority: 'x9' }, readPretty: true });
    expect(unknown.container.querySelector('.tessera-read-pretty')!.textContent).toBe('x9');
  });

  it('required and unchosen is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { priority: ['优先级不能为空'] } });
  });
});
