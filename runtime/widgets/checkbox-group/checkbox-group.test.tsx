// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('checkbox-group');
const labels = (c: HTMLElement) => [...c.querySelectorAll('.ant-checkbox-wrapper')].map((e) => e.textContent);
const box = (c: HTMLElement, label: string) =>
  [...c.querySelectorAll('.ant-checkbox-wrapper')].find((e) => e.textContent === label)!.querySelector('input')!;

describe('checkbox-group widget', () => {
  it('lists visible items only (hidden, other roles’ dropped) in the form language', () => {
    const zh = renderForm([field]);
    expect(labels(zh.container)).toEqual(['小程序', '移动应用', '网站应用']);
    zh.unmount();
    const en = renderForm([field], { lang: 'en', roleIds: ['r-admin'] });
    expect(labels(en.container)).toEqual(['Mini program', 'Mobile app', 'Website', 'Internal']);
  });

  it('decodes "mini,web", stores the ticked values comma-joined in option order', async () => {
    const { form, container } = renderForm([field], { initialValues: { biz_type: 'mini,web' } });
    expect(box(container, '小程序').checked).toBe(true);
    expect(box(container, '移动应用').checked).toBe(false);
    await act(async () => fireEvent.click(box(container, '移动应用')));
    expect(await submitForm(form)).toEqual({ values: { biz_type: 'mini,app,web' } });
    for (const label of ['小程序', '移动应用', '网站应用'])
      await act(async () => fireEvent.click(box(container, label)));
    expect(form.values.biz_type).toBeNull();
  });

  it('reads pretty as the labels', () => {
    const { container } = renderForm([field], { initialValues: { biz_type: 'web,mini' }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('网站应用, 小程序');
  });

  it('required with nothing ticked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { biz_type: ['业务类型不能为空'] } });
  });
});
