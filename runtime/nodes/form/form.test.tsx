// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../protocol/page-schema';
import { choose, click, hasButton, inputOf, message, type } from '../list/dom-helpers';
import { customerSchema, renderPage } from '../list/test-harness';

const customerFields = (customerSchema.body[0] as unknown as { fields: unknown[] }).fields;

function formPage(mode: unknown, extra: Record<string, unknown> = {}): PageSchema {
  return {
    schemaVersion: 1,
    type: 'page',
    body: [
      {
        type: 'form',
        key: 'customerForm',
        title: { zh: '客户资料', en: 'Customer' },
        dataSource: { kind: 'COMMON', api: 'common/customer' },
        mode,
        columns: 2,
        fields: customerFields,
        ...extra,
      },
    ],
  };
}

const form = () => document.querySelector<HTMLElement>('.tessera-form')!;

describe('form node', () => {
  it('add: warns {title}不能为空, then creates, reports 新增成功 and starts over empty', async () => {
    const { writes, customers } = renderPage({ schema: formPage('add') });
    await screen.findByText('客户资料');
    await waitFor(() => expect(inputOf(form(), '客户名称')).toBeTruthy());
    click('提交', form());
    expect(await message('客户名称不能为空')).toBeTruthy();
    type(form(), '客户名称', '表单客户');
    type(form(), '手机号', '123');
    click('提交', form());
    expect(await message('手机号请输入11位手机号')).toBeTruthy(); // title + the rule's message
    type(form(), '手机号', '13912345678');
    await choose(form(), '客户等级', '潜在客户');
    click('提交', form());
    expect(await message('新增成功')).toBeTruthy();
    expect(writes()).toEqual([
      {
        method: 'POST',
        url: 'common/customer',
        body: expect.objectContaining({ name: '表单客户', mobile: '13912345678', level: 'C' }),
      },
    ]);
    expect(customers.snapshot().some((r) => r.name === '表单客户')).toBe(true);
    await waitFor(() => expect(inputOf(form(), '客户名称').value).toBe(''));
  });

  it('edit (mode code 1) loads the record the page names and updates it', async () => {
    const { calls, writes } = renderPage({ schema: formPage(1), recordId: 'c05' });
    await waitFor(() => expect(inputOf(form(), '客户名称').value).toBe('长江制造'));
    expect(calls).toContainEqual({ method: 'GET', url: 'common/customer/c05' });
    type(form(), '客户名称', '长江制造集团');
    click('提交', form());
    expect(await message('编辑成功')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'PUT', url: 'common/customer/c05', body: expect.objectContaining({ id: 'c05', name: '长江制造集团' }) },
    ]);
  });

  it('detail is read-only and has no 提交', async () => {
    renderPage({ schema: formPage('detail', { recordId: 'c05' }) });
    expect(await screen.findByText('长江制造')).toBeTruthy();
    expect(form().querySelectorAll('input:not([type="hidden"]), textarea')).toHaveLength(0);
    expect(hasButton('提交', form())).toBe(false);
  });

  it('gives every label the same width, so the inputs line up across rows and columns', async () => {
    renderPage({ schema: formPage('add') });
    await waitFor(() => expect(inputOf(form(), '客户名称')).toBeTruthy());
    const widths = [...form().querySelectorAll<HTMLElement>('.ant-formily-item-label')].map((l) => l.style.width);
    expect(widths.length).toBeGreaterThan(4);
    expect(new Set(widths)).toEqual(new Set(['84px'])); // 客户名称, the longest title, and its mark
  });

  it('shows why a record could not be loaded', async () => {
    const { writes } = renderPage({ schema: formPage('edit', { recordId: 'nope' }) });
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(form().textContent).toContain('Not found');
    expect(hasButton('提交', form())).toBe(false);
    expect(writes()).toHaveLength(0);
  });
});
