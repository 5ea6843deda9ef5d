// @vitest-environment jsdom
// jsdom, not happy-dom: the sanitizer needs a spec-compliant HTML parser (see core/sanitize).
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { encodeRichText } from '../../core/codecs/text-encoding';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('rich-text');
const stored = (html: string) => encodeRichText(html)!;

describe('rich-text widget (viewer)', () => {
  it('decodes base64 of URI-encoded HTML and shows it (CJK, emoji) in edit and read-only mode', async () => {
    const value = stored('<p><strong>重要</strong> 通知 🚀</p>');
    for (const readPretty of [false, true]) {
      const { form, container, unmount } = renderForm([field], { initialValues: { notice: value }, readPretty });
      const html = container.querySelector('.tessera-rich-text')!;
      expect(html.querySelector('strong')!.textContent).toBe('重要');
      expect(html.textContent).toBe('重要 通知 🚀');
      // A viewer never changes what is stored.
      expect(await submitForm(form)).toEqual({ values: { notice: value } });
      unmount();
    }
  });

  it('strips script, handlers and javascript: links before showing', () => {
    const value = stored(
      '<p onclick="alert(1)">x<script>alert(2)</script><img src=x onerror=alert(3)><a href="javascript:alert(4)">l</a></p>',
    );
    const { container } = renderForm([field], { initialValues: { notice: value }, readPretty: true });
    const html = container.querySelector('.tessera-rich-text')!.innerHTML;
    expect(html).not.toMatch(/script|onclick|onerror|javascript:/i);
    expect(container.querySelector('.tessera-rich-text a')!.getAttribute('href')).toBeNull();
  });

  it('ignores a bad base64 value quietly ("-")', () => {
    const { container } = renderForm([field], { initialValues: { notice: '<p>not base64</p>' }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
  });

  it('required without a value is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { notice: ['公告不能为空'] } });
  });
});
