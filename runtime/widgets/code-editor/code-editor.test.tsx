// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('code-editor');

describe('code-editor widget', () => {
  it('loads CodeMirror lazily with the stored text, 100 px high', async () => {
    const { container } = renderForm([field], { initialValues: { config: '{"a":1}' } });
    await waitFor(() => expect(container.querySelector('.cm-editor')).not.toBeNull(), { timeout: 5000 });
    expect(container.querySelector('.cm-content')!.textContent).toBe('{"a":1}');
    const style = [...document.querySelectorAll('style')].map((s) => s.textContent).join('');
    expect(style).toContain('height: 100px');
  });

  it('formats valid JSON with a 4-space indent and stores the text', async () => {
    const { form } = renderForm([field], { initialValues: { config: '{"名称":"🚀","n":[1,2]}' } });
    await act(async () => fireEvent.click(screen.getByText('格式化JSON')));
    expect(await submitForm(form)).toEqual({
      values: { config: '{\n    "名称": "🚀",\n    "n": [\n        1,\n        2\n    ]\n}' },
    });
  });

  it('warns JSON格式不正确 on invalid JSON and leaves the value alone', async () => {
    const { form } = renderForm([field], { initialValues: { config: '{bad' } });
    await act(async () => fireEvent.click(screen.getByText('格式化JSON')));
    await waitFor(() => expect(screen.getByText('JSON格式不正确')).toBeTruthy());
    expect(form.values.config).toBe('{bad');
  });

  it('reads pretty as preformatted text; required is enforced', async () => {
    const read = renderForm([field], { initialValues: { config: 'x = 1' }, readPretty: true });
    expect(read.container.querySelector('pre.tessera-read-pretty')!.textContent).toBe('x = 1');
    read.unmount();
    const { form } = renderForm([{ ...field, required: true }], { lang: 'en' });
    expect(await submitForm(form)).toEqual({ errors: { config: ['Config is required'] } });
  });
});
