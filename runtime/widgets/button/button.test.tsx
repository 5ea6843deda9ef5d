// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('button');

describe('button widget', () => {
  it('renders its text and a safe new-tab link, and submits no value', async () => {
    const { form, container } = renderForm([field, { key: 'name', title: '名称', type: 'input' }], {
      initialValues: { name: 'x' },
    });
    const link = container.querySelector('a.tessera-field-button')!;
    expect(link.textContent).toBe('查看文档');
    expect(link.getAttribute('href')).toBe('https://example.com/docs');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    expect(await submitForm(form)).toEqual({ values: { name: 'x' } });
  });

  it('shows the same button read-only, and never renders an unsafe href', () => {
    const { container } = renderForm([{ ...field, props: { text: 'x', href: 'javascript:alert(1)' } }], {
      readPretty: true,
    });
    const button = container.querySelector('.tessera-field-button')!;
    expect(button.tagName).toBe('BUTTON');
    expect(button.getAttribute('href')).toBeNull();
  });
});
