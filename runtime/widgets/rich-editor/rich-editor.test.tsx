// @vitest-environment jsdom
// jsdom, not happy-dom: the sanitizer needs a spec-compliant HTML parser (see core/sanitize).
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { decodeRichText, encodeRichText } from '../../core/codecs/text-encoding';
import { fixtureField } from '../shared/fixture';
import { storeRichText } from './component';

const field = fixtureField('rich-editor');

describe('rich-editor widget', () => {
  it('loads wangEditor lazily with the stored HTML', async () => {
    const { container } = renderForm([field], { initialValues: { content: encodeRichText('<p>你好 🚀</p>') } });
    await waitFor(() => expect(container.querySelector('.w-e-text-container')).not.toBeNull(), { timeout: 8000 });
    await waitFor(() => expect(container.querySelector('.w-e-text-container')!.textContent).toContain('你好 🚀'));
  });

  it('stores edited HTML sanitized, as base64 of its URI encoding', () => {
    const stored = storeRichText('<p>好<img src=x onerror=alert(1)><a href="javascript:alert(1)">x</a></p>')!;
    expect(stored).toMatch(/^[A-Za-z0-9+/]+=*$/);
    const html = decodeRichText(stored)!;
    expect(html).toContain('好');
    expect(html).not.toMatch(/onerror|javascript:/);
    expect(storeRichText('')).toBeNull();
  });

  it('reads pretty as sanitized HTML', () => {
    const value = encodeRichText('<h2>标题</h2><script>alert(1)</script>');
    const { container } = renderForm([field], { initialValues: { content: value }, readPretty: true });
    expect(container.querySelector('.tessera-rich-text h2')!.textContent).toBe('标题');
    expect(container.innerHTML).not.toContain('<script');
  });

  it('required without a value is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { content: ['正文不能为空'] } });
  });
});
