// @vitest-environment jsdom
// jsdom, not happy-dom: the sanitizer needs a spec-compliant HTML parser (see core/sanitize).
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('markdown');

describe('markdown widget', () => {
  it('edits the decoded text and stores it URI-encoded (CJK, emoji)', async () => {
    const { form, container } = renderForm([field], { initialValues: { readme: encodeURIComponent('# 旧') } });
    const area = container.querySelector('textarea')!;
    expect(area.value).toBe('# 旧');
    fireEvent.change(area, { target: { value: '# 标题 🚀\n\n**粗体**' } });
    expect(await submitForm(form)).toEqual({ values: { readme: encodeURIComponent('# 标题 🚀\n\n**粗体**') } });
  });

  it('previews rendered markdown', async () => {
    renderForm([field], { initialValues: { readme: encodeURIComponent('**粗体**') } });
    await act(async () => fireEvent.click(screen.getByText('预览')));
    await waitFor(() => expect(document.querySelector('.tessera-markdown strong')?.textContent).toBe('粗体'));
  });

  it('reads pretty as rendered, sanitized HTML: raw HTML and javascript: links never become markup', async () => {
    const text = '## 标题\n\n<img src=x onerror=alert(1)>\n\n[x](javascript:alert(1)) [ok](https://example.com)';
    const { container } = renderForm([field], {
      initialValues: { readme: encodeURIComponent(text) },
      readPretty: true,
    });
    await waitFor(() => expect(container.querySelector('.tessera-markdown h2')?.textContent).toBe('标题'));
    const view = container.querySelector('.tessera-markdown')!;
    expect(view.querySelector('img')).toBeNull();
    expect(view.textContent).toContain('<img src=x onerror=alert(1)>');
    expect([...view.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual(['https://example.com']);
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { readme: ['说明不能为空'] } });
  });
});
