// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('password');

describe('password widget', () => {
  it('edits hidden text, stores it as typed (special characters allowed), max 120', async () => {
    const { form, container } = renderForm([field]);
    const input = container.querySelector('input')!;
    expect(input.type).toBe('password');
    expect(input.getAttribute('maxlength')).toBe('120');
    fireEvent.change(input, { target: { value: 'p@ss#密码🚀' } });
    expect(await submitForm(form)).toEqual({ values: { password: 'p@ss#密码🚀' } });
  });

  it('read-only shows a mask, never the password', () => {
    const { container } = renderForm([field], { initialValues: { password: 'secret' }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('••••••');
    expect(container.innerHTML).not.toContain('secret');
  });

  it('is required with {title}不能为空', async () => {
    const { form } = renderForm([field]);
    expect(await submitForm(form)).toEqual({ errors: { password: ['密码不能为空'] } });
  });
});
