// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { textareaProps } from './component';

const field = { key: 'remark', title: { zh: '备注', en: 'Remarks' }, type: 'textarea' };

describe('textarea widget', () => {
  it('stores multi-line CJK and emoji text as typed, max 1000 characters by default', async () => {
    const { form, container } = renderForm([field]);
    const textarea = container.querySelector('textarea')!;
    expect(textarea.getAttribute('maxlength')).toBe('1000');
    fireEvent.change(textarea, { target: { value: '第一行\n第二行😀' } });
    expect(textarea.value).toBe('第一行\n第二行😀');
    expect(await submitForm(form)).toEqual({ values: { remark: '第一行\n第二行😀' } });
  });

  it('honours a field maxLength over the default', () => {
    const { container } = renderForm([{ ...field, maxLength: 200 }]);
    expect(container.querySelector('textarea')!.getAttribute('maxlength')).toBe('200');
  });

  it('autosizes between 3 and 5 rows unless configured', () => {
    expect(textareaProps({}).autoSize).toEqual({ minRows: 3, maxRows: 5 });
    expect(textareaProps({ minRows: 2, maxRows: 8 }).autoSize).toEqual({ minRows: 2, maxRows: 8 });
    expect(textareaProps({ minRows: 6 }).autoSize).toEqual({ minRows: 6, maxRows: 6 });
  });

  it('reads pretty with line breaks kept, "-" when empty', () => {
    const filled = renderForm([field], { initialValues: { remark: '甲\n乙' }, mode: 'readPretty' });
    const text = filled.container.querySelector('.tessera-read-pretty')!;
    expect(text.textContent).toBe('甲\n乙');
    expect((text.firstElementChild as HTMLElement).style.whiteSpace).toBe('pre-wrap');
    filled.unmount();
    const empty = renderForm([field], { mode: 'readPretty' });
    expect(empty.container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
  });

  it('strips html as typed, keeping prose (spaces, line breaks, : / @ %); rejects loaded html; enforces required', async () => {
    const { form, container } = renderForm([{ ...field, required: true, requiredMessage: '请填写备注' }]);
    expect(await submitForm(form)).toEqual({ errors: { remark: ['请填写备注'] } });
    const textarea = container.querySelector('textarea')!;
    fireEvent.change(textarea, { target: { value: '第一行 <b>\n见 https://example.com/a 50% a@b.cn <script>' } });
    expect(textarea.value).toBe('第一行 b\n见 https://example.com/a 50% a@b.cn ');
    await waitFor(() => expect(screen.getByText('请勿输入非法字符！')).toBeTruthy());
    expect(await submitForm(form)).toEqual({ values: { remark: '第一行 b\n见 https://example.com/a 50% a@b.cn ' } });

    const prose = renderForm([field], { initialValues: { remark: 'line one two: a/b' } });
    expect(await submitForm(prose.form)).toEqual({ values: { remark: 'line one two: a/b' } });
    const loaded = renderForm([field], { initialValues: { remark: 'a <iframe src=x>' } });
    expect(await submitForm(loaded.form)).toEqual({ errors: { remark: ['请勿输入非法字符！'] } });
  });

  it('keeps illegal characters when allowSpecialCharacter is set', async () => {
    const { form, container } = renderForm([{ ...field, allowSpecialCharacter: true }]);
    fireEvent.change(container.querySelector('textarea')!, { target: { value: 'a b\n<b>' } });
    expect(await submitForm(form)).toEqual({ values: { remark: 'a b\n<b>' } });
    expect(screen.queryByText('请勿输入非法字符！')).toBeNull();
  });
});
