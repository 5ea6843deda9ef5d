// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';

const items = [
  { value: 'mfg', label: { zh: '制造业', en: 'Manufacturing' } },
  { value: 'retail', label: { zh: '零售', en: 'Retail' } },
  { value: 'secret', label: '保密', hidden: true },
  { value: 'vip', label: 'VIP', visibleRoleIds: 'r-admin,r-sales' },
  { value: 'closed', label: '已关闭', hiddenFn: "status !== 'archived'" },
  { value: 3, label: '三' },
];
const industry = { key: 'industry', title: { zh: '所属行业', en: 'Industry' }, type: 'select', selectItems: items };

function openAndListOptions(container: HTMLElement): string[] {
  fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
  return [...document.querySelectorAll('.ant-select-item-option')].map((el) => el.textContent ?? '');
}

function choose(label: string) {
  const option = [...document.querySelectorAll('.ant-select-item-option')].find((el) => el.textContent === label)!;
  fireEvent.click(option);
}

describe('select widget', () => {
  it('lists static items in the form language, dropping hidden, other roles’ and hiddenFn items', () => {
    const zh = renderForm([industry]);
    expect(openAndListOptions(zh.container)).toEqual(['制造业', '零售', '三']);
    zh.unmount();
    const en = renderForm([industry], { lang: 'en', roleIds: ['r-sales'] });
    expect(openAndListOptions(en.container)).toEqual(['Manufacturing', 'Retail', 'VIP', '三']);
  });

  it('re-evaluates item hiddenFn against the live form values', async () => {
    const { form, container } = renderForm([{ key: 'status', title: '状态', type: 'input' }, industry]);
    expect(openAndListOptions(container)).not.toContain('已关闭');
    await act(async () => form.setValuesIn('status', 'archived'));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((e) => e.textContent)).toContain('已关闭'),
    );
  });

  it('stores the option value, keeps numbers as numbers, and reads pretty as the label', async () => {
    const { form, container } = renderForm([industry]);
    openAndListOptions(container);
    choose('三');
    expect(await submitForm(form)).toEqual({ values: { industry: 3 } });
    expect(container.querySelector('.ant-select-selection-item')!.textContent).toBe('三');
    await act(async () => form.setPattern('readPretty'));
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('三');
  });

  it('multiple: edits an array, stores a comma-joined string, decodes it back', async () => {
    const multi = { ...industry, props: { mode: 'multiple' } };
    const { form, container } = renderForm([multi], { initialValues: { industry: 'mfg,3' } });
    expect([...container.querySelectorAll('.ant-select-selection-item-content')].map((e) => e.textContent)).toEqual([
      '制造业',
      '三',
    ]);
    openAndListOptions(container);
    choose('零售');
    expect(await submitForm(form)).toEqual({ values: { industry: 'mfg,3,retail' } });
    await act(async () => form.setPattern('readPretty'));
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('制造业, 三, 零售');
  });

  it('loads options from dictApi through the runtime loader, with kwKey search', async () => {
    const rows = [
      { code: 'A', name: '甲级' },
      { code: 'B', name: '乙级' },
    ];
    const level = {
      key: 'level',
      title: '客户等级',
      type: 'select',
      dictApi: { url: 'dict/customer_level', valueKey: 'code', labelKey: 'name', kwKey: 'kw' },
      props: { showSearch: true },
    };
    const { form, container, calls } = renderForm([level], {
      initialValues: { level: 'B' },
      dicts: { 'dict/customer_level': (query) => rows.filter((r) => !query?.kw || r.name.includes(String(query.kw))) },
    });
    await waitFor(() => expect(container.querySelector('.ant-select-selection-item')?.textContent).toBe('乙级'));
    expect(calls[0]).toMatchObject({ method: 'GET', url: 'dict/customer_level' });
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    fireEvent.change(container.querySelector('.ant-select-selection-search-input')!, { target: { value: '甲' } });
    await waitFor(() => expect(calls.some((c) => c.query?.kw === '甲')).toBe(true));
    await waitFor(() =>
      expect([...document.querySelectorAll('.ant-select-item-option')].map((e) => e.textContent)).toEqual(['甲级']),
    );
    choose('甲级');
    expect(form.values.level).toBe('A');
  });

  it('read-pretty labels come from the dictionary too', async () => {
    const level = {
      key: 'level',
      title: '等级',
      type: 'select',
      dictApi: { url: 'dict/l', valueKey: 'v', labelKey: 'l' },
    };
    const { container } = renderForm([level], {
      initialValues: { level: 2 },
      readPretty: true,
      dicts: {
        'dict/l': () => [
          { v: 1, l: '一级' },
          { v: 2, l: '二级' },
        ],
      },
    });
    await waitFor(() => expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('二级'));
  });

  it('is required with {title}不能为空', async () => {
    const { form } = renderForm([{ ...industry, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { industry: ['所属行业不能为空'] } });
  });
});
