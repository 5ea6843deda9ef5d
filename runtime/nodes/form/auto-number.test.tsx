// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../protocol/page-schema';
import { choose, click, inputOf, message, type } from '../list/dom-helpers';
import { customerSchema, renderPage } from '../list/test-harness';

// The demo customer fields, with 备注 turned into an auto-numbered text field.
const fields = (customerSchema.body[0] as unknown as { fields: Record<string, unknown>[] }).fields.map((f) =>
  f.key === 'remark'
    ? {
        key: 'remark',
        title: '备注',
        type: 'input',
        allowSpecialCharacter: true,
        auto_no_rule: [
          { type: 'text', value: 'KH' },
          { type: 'date', format: 'YYYY' },
          { type: 'random', digits: 4 },
        ],
      }
    : f,
);

const page = (mode: string, recordId?: string): PageSchema => ({
  schemaVersion: 1,
  type: 'page',
  body: [
    {
      type: 'form',
      key: 'f',
      title: '客户',
      dataSource: { kind: 'COMMON', api: 'common/customer' },
      mode,
      recordId,
      fields,
    },
  ],
});

const form = () => document.querySelector<HTMLElement>('.tessera-form')!;
const year = String(new Date().getFullYear());
const pattern = new RegExp(`^KH${year}\\d{4}$`);

describe('auto-number fields in the form node (building-blocks §4)', () => {
  it('add: the number is generated, shown and sent with the create', async () => {
    const { writes } = renderPage({ schema: page('add') });
    await screen.findByText('客户');
    await waitFor(() => expect(inputOf(form(), '备注').value).toMatch(pattern));
    const shown = inputOf(form(), '备注').value;
    type(form(), '客户名称', '自动编号客户');
    type(form(), '手机号', '13912345678');
    await choose(form(), '客户等级', '潜在客户');
    click('提交', form());
    expect(await message('新增成功')).toBeTruthy();
    expect(writes()[0]).toMatchObject({ method: 'POST', body: { name: '自动编号客户', remark: shown } });
  });

  it('copy: a fresh number replaces the source one; edit keeps a stored number', async () => {
    const copy = renderPage({ schema: page('copy', 'c05') });
    await waitFor(() => expect(inputOf(form(), '客户名称').value).toBe('长江制造'));
    expect(inputOf(form(), '备注').value).toMatch(pattern);
    copy.unmount();

    const edit = renderPage({ schema: page('edit', 'c05') });
    await waitFor(() => expect(inputOf(form(), '客户名称').value).toBe('长江制造'));
    expect(inputOf(form(), '备注').value).toBe('备注5');
    edit.unmount();

    // c04 has no remark: edit fills the empty number.
    renderPage({ schema: page('edit', 'c04') });
    await waitFor(() => expect(inputOf(form(), '客户名称').value).toBe('云帆软件'));
    expect(inputOf(form(), '备注').value).toMatch(pattern);
  });
});
