// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';

/** Building-blocks §5: text inputs strip illegal characters as typed and warn 请勿输入非法字符！. */
const field = { key: 'name', title: { zh: '客户名称', en: 'Name' }, type: 'input' };

/** The antd message toasts on screen (the form's own error lines are elsewhere). */
const warnings = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);

/** Types like a browser does: the control's value and caret change, then an input event fires. */
function typeAt(input: HTMLInputElement, value: string, caret: number) {
  input.focus();
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!.call(input, value);
  input.setSelectionRange(caret, caret);
  fireEvent.input(input);
}

describe('input widget strips illegal characters as typed', () => {
  it('removes the illegal characters from what is shown and stored, and says why once', async () => {
    const { form, container } = renderForm([field]);
    const input = container.querySelector('input')!;
    fireEvent.change(input, { target: { value: '客户<script>名' } });
    expect(input.value).toBe('客户名');
    await waitFor(() => expect(warnings()).toEqual(['请勿输入非法字符！']));
    expect(container.querySelector('.ant-formily-item-error-help')).toBeNull();
    expect(await submitForm(form)).toEqual({ values: { name: '客户名' } });
  });

  it('strips a long paste once with one warning, and further typing replaces that warning', async () => {
    const { form, container } = renderForm([field]);
    const input = container.querySelector('input')!;
    const pasted = Array.from({ length: 5 }, (_, i) => `行${i} a@b#c{d}null；ＡＢ＠`).join('|');
    fireEvent.change(input, { target: { value: pasted } });
    // Spaces stay (names hold inner spaces, issue 22); the rest of the spec's list goes.
    const expected = Array.from({ length: 5 }, (_, i) => `行${i} abcdＡＢ`).join('');
    expect(input.value).toBe(expected);
    await waitFor(() => expect(warnings()).toEqual(['请勿输入非法字符！']));
    fireEvent.change(input, { target: { value: `${expected}!` } });
    fireEvent.change(input, { target: { value: `${expected}~` } });
    expect(input.value).toBe(expected);
    await waitFor(() => expect(warnings()).toHaveLength(1));
    expect(await submitForm(form)).toEqual({ values: { name: expected } });
  });

  it('still warns when the illegal character comes after several clean keystrokes (the holder kept across renders)', async () => {
    const { form, container } = renderForm([field]);
    const input = container.querySelector('input')!;
    for (const text of ['客', '客户', '客户名', '客户名称']) fireEvent.change(input, { target: { value: text } });
    expect(warnings()).toEqual([]);
    fireEvent.change(input, { target: { value: '客户名称<' } });
    expect(input.value).toBe('客户名称');
    await waitFor(() => expect(warnings()).toEqual(['请勿输入非法字符！']));
    expect(await submitForm(form)).toEqual({ values: { name: '客户名称' } });
  });

  it('keeps the caret where the user was typing, not at the end', () => {
    const { container } = renderForm([field]);
    const input = container.querySelector('input')!;
    typeAt(input, '张三公司', 2);
    typeAt(input, '张三@公司', 3);
    expect(input.value).toBe('张三公司');
    expect([input.selectionStart, input.selectionEnd]).toEqual([2, 2]);
    // A word completed in the middle goes as a whole; the caret lands where it began.
    typeAt(input, '张nul三公司', 4);
    typeAt(input, '张null三公司', 5);
    expect(input.value).toBe('张三公司');
    expect(input.selectionStart).toBe(1);
  });

  it('leaves an IME composition alone and strips what it commits, once', async () => {
    const { form, container } = renderForm([field]);
    const input = container.querySelector('input')!;
    fireEvent.compositionStart(input);
    // Pinyin in progress carries ' as its syllable separator: not the user's text yet.
    fireEvent.change(input, { target: { value: "ni'hao" } });
    expect(input.value).toBe("ni'hao");
    // …nor a reason to flag the field: no 请勿输入非法字符！ flashing under it while composing.
    // (One task later every validation the edit started has settled.)
    await act(() => new Promise((settled) => setTimeout(settled, 0)));
    expect(container.querySelector('.ant-formily-item-error-help')).toBeNull();
    fireEvent.change(input, { target: { value: '你好！' } });
    expect(input.value).toBe('你好！');
    expect(warnings()).toEqual([]);
    fireEvent.compositionEnd(input);
    expect(input.value).toBe('你好');
    await waitFor(() => expect(warnings()).toEqual(['请勿输入非法字符！']));
    expect(await submitForm(form)).toEqual({ values: { name: '你好' } });
    // Composition over, typing strips again.
    fireEvent.change(input, { target: { value: '你好 世界#' } });
    expect(input.value).toBe('你好 世界');
  });

  it('warns in the form language', async () => {
    const { container } = renderForm([field], { lang: 'en' });
    fireEvent.change(container.querySelector('input')!, { target: { value: 'a&b' } });
    await waitFor(() => expect(warnings()).toEqual(['Please do not enter illegal characters!']));
  });

  it('changes nothing and warns nothing when allowSpecialCharacter is set', async () => {
    const { form, container } = renderForm([{ ...field, allowSpecialCharacter: true }]);
    const input = container.querySelector('input')!;
    fireEvent.change(input, { target: { value: 'a@b <i>null</i>' } });
    expect(input.value).toBe('a@b <i>null</i>');
    expect(await submitForm(form)).toEqual({ values: { name: 'a@b <i>null</i>' } });
    expect(warnings()).toEqual([]);
  });

  it('strips in search forms too, where the same rule applies', () => {
    const { container } = renderForm([field], { mode: 'search' });
    const input = container.querySelector('input')!;
    fireEvent.change(input, { target: { value: '100%' } });
    expect(input.value).toBe('100');
  });

  it('a name keeps its inner spaces: typed and loaded (issue 22)', async () => {
    const { form, container } = renderForm([field]);
    fireEvent.change(container.querySelector('input')!, { target: { value: 'ACME Trading Co' } });
    expect(await submitForm(form)).toEqual({ values: { name: 'ACME Trading Co' } });
    const loaded = renderForm([field], { initialValues: { name: 'Tessera 演示应用' } });
    expect(await submitForm(loaded.form)).toEqual({ values: { name: 'Tessera 演示应用' } });
  });
});

describe('input widget of type url: validated whole, never stripped (issue 22)', () => {
  const url = { key: 'url', title: { zh: '链接地址', en: 'URL' }, type: 'input', props: { type: 'url' } };

  it('keeps https://example.com/ as typed and stores it', async () => {
    const { form, container } = renderForm([url]);
    const input = container.querySelector('input')!;
    fireEvent.change(input, { target: { value: 'https://example.com/a?b=1#c' } });
    expect(input.value).toBe('https://example.com/a?b=1#c');
    expect(warnings()).toEqual([]);
    expect(await submitForm(form)).toEqual({ values: { url: 'https://example.com/a?b=1#c' } });
  });

  it('refuses what is not an http(s) address, in the form language', async () => {
    for (const bad of ['javascript:alert(1)', 'example.com', 'https://exa mple.com', 'ftp://x.cn']) {
      const { form } = renderForm([url], { initialValues: { url: bad } });
      expect(await submitForm(form)).toEqual({ errors: { url: ['请输入以 http:// 或 https:// 开头的网址'] } });
    }
    const en = renderForm([url], { initialValues: { url: 'x' }, lang: 'en' });
    expect(await submitForm(en.form)).toEqual({
      errors: { url: ['Enter a web address starting with http:// or https://'] },
    });
  });
});
