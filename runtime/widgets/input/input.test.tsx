// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';

const field = { key: 'name', title: { zh: '客户名称', en: 'Name' }, type: 'input', required: true };

describe('input widget', () => {
  it('edits text, stores it as typed (CJK and emoji) and caps it at 120 characters by default', async () => {
    const { form, container } = renderForm([field]);
    const input = container.querySelector('input')!;
    expect(input.getAttribute('maxlength')).toBe('120');
    fireEvent.change(input, { target: { value: '张三🚀' } });
    expect(input.value).toBe('张三🚀');
    expect(await submitForm(form)).toEqual({ values: { name: '张三🚀' } });
  });

  it('shows the stored value and, read-only, plain text', async () => {
    const { container } = renderForm([field], { initialValues: { name: '李四' }, readPretty: true });
    expect(container.querySelector('input')).toBeNull();
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('李四');
  });

  it('requires a value with {title}不能为空, in the form language', async () => {
    const zh = renderForm([field]);
    expect(await submitForm(zh.form)).toEqual({ errors: { name: ['客户名称不能为空'] } });
    await waitFor(() => expect(screen.getByText('客户名称不能为空')).toBeTruthy());
    zh.unmount();
    const en = renderForm([field], { lang: 'en' });
    expect(await submitForm(en.form)).toEqual({ errors: { name: ['Name is required'] } });
  });

  it('rejects illegal characters set without typing (loaded values) with 请勿输入非法字符！ unless allowSpecialCharacter', async () => {
    // Typing strips them (illegal-characters.test.tsx); the validator is the net for everything else.
    const plain = renderForm([{ ...field, required: false }], { initialValues: { name: 'a@b' } });
    expect(await submitForm(plain.form)).toEqual({ errors: { name: ['请勿输入非法字符！'] } });
    await waitFor(() => expect(screen.getByText('请勿输入非法字符！')).toBeTruthy());
    plain.unmount();

    const allowed = renderForm([{ ...field, allowSpecialCharacter: true }]);
    fireEvent.change(allowed.container.querySelector('input')!, { target: { value: 'a@b' } });
    expect(await submitForm(allowed.form)).toEqual({ values: { name: 'a@b' } });
  });

  it('applies rule_pattern with rule_message, else 数据格式错误', async () => {
    const withMessage = {
      key: 'mobile',
      title: '手机号',
      type: 'input',
      rule_pattern: '^1\\d{10}$',
      rule_message: '请输入11位手机号',
    };
    const { form, container } = renderForm([
      withMessage,
      { key: 'code', title: '编码', type: 'input', pattern: '^[A-Z]+$' },
    ]);
    const [mobile, code] = container.querySelectorAll('input');
    fireEvent.change(mobile, { target: { value: '12345' } });
    fireEvent.change(code, { target: { value: 'abc' } });
    expect(await submitForm(form)).toEqual({ errors: { mobile: ['请输入11位手机号'], code: ['数据格式错误'] } });
    fireEvent.change(mobile, { target: { value: '13800138000' } });
    fireEvent.change(code, { target: { value: 'ABC' } });
    expect(await submitForm(form)).toEqual({ values: { mobile: '13800138000', code: 'ABC' } });
  });

  it('validates on blur too, showing the message once', async () => {
    const { container } = renderForm([field]);
    const input = container.querySelector('input')!;
    await act(async () => {
      fireEvent.focus(input);
      fireEvent.blur(input);
    });
    await waitFor(() => expect(screen.getAllByText('客户名称不能为空')).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'x' } });
    await act(async () => fireEvent.blur(input));
    await waitFor(() => expect(screen.queryByText('客户名称不能为空')).toBeNull());
  });
});
