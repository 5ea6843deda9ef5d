// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';

const active = { key: 'active', title: { zh: '是否启用', en: 'Active' }, type: 'switch' };

describe('switch widget', () => {
  it('a default of true is stored as 1; toggling stores 0', async () => {
    const { form, container } = renderForm([{ ...active, defaultValue: true }]);
    const button = container.querySelector('button[role="switch"]')!;
    expect(button.getAttribute('aria-checked')).toBe('true');
    expect(await submitForm(form)).toEqual({ values: { active: 1 } });
    await act(async () => fireEvent.click(button));
    expect(button.getAttribute('aria-checked')).toBe('false');
    expect(await submitForm(form)).toEqual({ values: { active: 0 } });
  });

  it.each([
    ['1', 'true'],
    [true, 'true'],
    ['false', 'false'],
    [0, 'false'],
  ])('decodes stored %j as checked=%s', (stored, checked) => {
    const { container } = renderForm([active], { initialValues: { active: stored } });
    expect(container.querySelector('button[role="switch"]')!.getAttribute('aria-checked')).toBe(checked);
  });

  it('reads pretty as 是 / 否 (Yes / No in English)', () => {
    const yes = renderForm([active], { initialValues: { active: 1 }, readPretty: true });
    expect(yes.container.querySelector('.tessera-read-pretty')!.textContent).toBe('是');
    yes.unmount();
    const no = renderForm([active], { initialValues: { active: '0' }, readPretty: true, lang: 'en' });
    expect(no.container.querySelector('.tessera-read-pretty')!.textContent).toBe('No');
  });

  it('a required switch never touched is an error; off (0) is a value', async () => {
    const { form, container } = renderForm([{ ...active, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { active: ['是否启用不能为空'] } });
    const button = container.querySelector('button[role="switch"]')!;
    await act(async () => fireEvent.click(button));
    await act(async () => fireEvent.click(button));
    expect(await submitForm(form)).toEqual({ values: { active: 0 } });
  });
});
