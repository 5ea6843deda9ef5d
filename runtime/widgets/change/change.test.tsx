// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('change');
const lists = (c: HTMLElement) => [...c.querySelectorAll<HTMLElement>('.ant-transfer-list')];
const texts = (list: HTMLElement) =>
  [...list.querySelectorAll('.ant-transfer-list-content-item-text')].map((e) => e.textContent);
const titles = (c: HTMLElement) => [...c.querySelectorAll('.ant-transfer-list-header-title')].map((e) => e.textContent);
const item = (list: HTMLElement, label: string) =>
  [...list.querySelectorAll<HTMLElement>('.ant-transfer-list-content-item')].find(
    (e) => e.querySelector('.ant-transfer-list-content-item-text')!.textContent === label,
  )!;
const moveButtons = (c: HTMLElement) => [...c.querySelectorAll<HTMLButtonElement>('.ant-transfer-operation button')];

describe('change widget (transfer)', () => {
  it('lists visible items only (hidden, other roles’, hiddenFn dropped) with the configured titles', () => {
    const zh = renderForm([field]);
    const [source, target] = lists(zh.container);
    expect(texts(source)).toEqual(['短信', '邮件', '微信 💬']);
    expect(texts(target)).toEqual([]);
    expect(titles(zh.container)).toEqual(['可选渠道', '已选渠道']);
    expect([...zh.container.querySelectorAll('.ant-transfer-list-header-selected')].map((e) => e.textContent)).toEqual([
      '3 项',
      '0 项',
    ]);
    zh.unmount();
    // An admin sees the role-restricted item; agreed = 1 lifts the hiddenFn; English labels.
    const en = renderForm([field], { lang: 'en', roleIds: ['r-admin'], initialValues: { agreed: 1 } });
    expect(texts(lists(en.container)[0])).toEqual(['SMS', 'Email', 'WeChat 💬', 'DingTalk', 'In-app']);
    expect(titles(en.container)).toEqual(['Available channels', 'Chosen channels']);
  });

  it('default titles are 待选 / 已选 (Available / Selected in English)', () => {
    const bare = { ...field, props: {} };
    const zh = renderForm([bare]);
    expect(titles(zh.container)).toEqual(['待选', '已选']);
    zh.unmount();
    expect(titles(renderForm([bare], { lang: 'en' }).container)).toEqual(['Available', 'Selected']);
  });

  it('decodes "wechat,sms" into the target list, moves items both ways, stores comma-joined in option order', async () => {
    const { form, container } = renderForm([field], { initialValues: { channels: 'wechat,sms' } });
    let [source, target] = lists(container);
    expect(texts(source)).toEqual(['邮件']);
    expect(texts(target)).toEqual(['微信 💬', '短信']);

    await act(async () => fireEvent.click(item(source, '邮件')));
    await act(async () => fireEvent.click(moveButtons(container)[0]));
    [source, target] = lists(container);
    expect(texts(source)).toEqual([]);
    expect(await submitForm(form)).toEqual({ values: { channels: 'sms,email,wechat' } });

    await act(async () => fireEvent.click(item(target, '短信')));
    await act(async () => fireEvent.click(moveButtons(container)[1]));
    expect(texts(lists(container)[0])).toEqual(['短信']);
    expect(await submitForm(form)).toEqual({ values: { channels: 'email,wechat' } });
  });

  it('keeps a stored value that is no longer an option instead of dropping it', async () => {
    const { form, container } = renderForm([field], { initialValues: { channels: 'fax,sms' } });
    await act(async () => fireEvent.click(item(lists(container)[0], '邮件')));
    await act(async () => fireEvent.click(moveButtons(container)[0]));
    expect(await submitForm(form)).toEqual({ values: { channels: 'sms,email,fax' } });
  });

  it('searches the source list by label', async () => {
    const { container } = renderForm([field]);
    const search = lists(container)[0].querySelector('input.ant-input')!;
    await act(async () => fireEvent.change(search, { target: { value: '微' } }));
    expect(texts(lists(container)[0])).toEqual(['微信 💬']);
  });

  it('reads pretty as the chosen labels, as tags', () => {
    const { container } = renderForm([field], { initialValues: { channels: 'wechat,sms' }, readPretty: true });
    const read = container.querySelector('.tessera-read-pretty')!;
    expect([...read.querySelectorAll('.ant-tag')].map((e) => e.textContent)).toEqual(['微信 💬', '短信']);
    expect(container.querySelector('.ant-transfer')).toBeNull();
  });

  it('reads pretty as "-" when nothing is chosen', () => {
    const { container } = renderForm([field], { readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
  });

  it('required with nothing chosen is an error; moving everything back empties the value', async () => {
    const { form, container } = renderForm([{ ...field, required: true }], { initialValues: { channels: 'sms' } });
    await act(async () => fireEvent.click(item(lists(container)[1], '短信')));
    await act(async () => fireEvent.click(moveButtons(container)[1]));
    expect(form.values.channels).toBeNull();
    expect(await submitForm(form)).toEqual({ errors: { channels: ['通知渠道不能为空'] } });
  });
});
