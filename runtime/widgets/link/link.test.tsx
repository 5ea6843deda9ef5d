// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('link');

describe('link widget', () => {
  it('stores an http(s) URL as typed', async () => {
    const { form, container } = renderForm([field]);
    fireEvent.change(container.querySelector('input')!, { target: { value: 'https://example.com/路径?q=🚀' } });
    expect(await submitForm(form)).toEqual({ values: { homepage: 'https://example.com/路径?q=🚀' } });
  });

  it('refuses javascript: and data: URLs with a message', async () => {
    const { form, container } = renderForm([field]);
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', '//evil.example']) {
      fireEvent.change(container.querySelector('input')!, { target: { value: bad } });
      expect(await submitForm(form)).toEqual({ errors: { homepage: ['请输入正确的链接地址'] } });
    }
  });

  it('reads pretty as a new-tab link with its label; a dangerous stored URL stays text', () => {
    const ok = renderForm([field], { initialValues: { homepage: 'https://example.com' }, readPretty: true });
    const a = ok.container.querySelector('a.tessera-link')!;
    expect(a.getAttribute('href')).toBe('https://example.com');
    expect(a.getAttribute('rel')).toBe('noopener noreferrer');
    expect(a.textContent).toBe('官网');
    ok.unmount();
    const bad = renderForm([field], { initialValues: { homepage: 'javascript:alert(1)' }, readPretty: true });
    expect(bad.container.querySelector('a')).toBeNull();
    expect(bad.container.querySelector('.tessera-read-pretty')!.textContent).toBe('javascript:alert(1)');
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { homepage: ['主页不能为空'] } });
  });
});
