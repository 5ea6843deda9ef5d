// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../protocol/page-schema';
import { META, validateWith } from '../../core/schema/ajv';
import { nodeSchemaId } from '../../core/schema/meta-ids';
import '../definitions';
import { click, inputOf, message, type } from '../list/dom-helpers';
import { renderPage } from '../list/test-harness';
import { registerFormHostAction } from './submit-target';

const page = (form: Record<string, unknown>) => ({ schemaVersion: 1, type: 'page', body: [form] }) as PageSchema;

const passwordForm = {
  type: 'form',
  key: 'password',
  showReset: false,
  maxWidth: 560,
  bordered: false,
  submit: {
    url: 'auth/changePwd',
    fields: ['oldPassword', 'newPassword'],
    label: { zh: '保存', en: 'Save' },
    successMessage: { zh: '密码修改成功', en: 'Password changed' },
    reset: true,
  },
  fields: [
    { key: 'oldPassword', title: '原密码', type: 'password', required: true },
    { key: 'newPassword', title: '新密码', type: 'password', required: true },
    { key: 'confirm', title: '确认新密码', type: 'password', required: true, rules: [{ sameAs: 'newPassword' }] },
  ],
};

const form = () => document.querySelector<HTMLElement>('.tessera-form')!;
let unregister = () => {};
afterEach(() => unregister());

describe('form node submit option (a call of its own)', () => {
  it('sends only the listed fields to its URL, shows its success message and starts over empty', async () => {
    const { writes } = renderPage({
      schema: page(passwordForm),
      intercept: (call) => (call.url === 'auth/changePwd' ? { code: 200, message: 'success', data: null } : undefined),
    });
    await waitFor(() => expect(inputOf(form(), '原密码')).toBeTruthy());
    type(form(), '原密码', 'Old2026pass');
    type(form(), '新密码', 'New2026pass');
    type(form(), '确认新密码', 'New2026pass');
    click('保存', form());
    expect(await message('密码修改成功')).toBeTruthy();
    expect(writes()).toEqual([
      { method: 'POST', url: 'auth/changePwd', body: { oldPassword: 'Old2026pass', newPassword: 'New2026pass' } },
    ]);
    await waitFor(() => expect(inputOf(form(), '原密码').value).toBe(''));
  });

  it('maxWidth keeps a short form narrow; bordered: false drops the card frame', async () => {
    renderPage({ schema: page(passwordForm) });
    await waitFor(() => expect(inputOf(form(), '原密码')).toBeTruthy());
    expect(form().querySelector('form')!.style.maxWidth).toBe('560px');
    expect(form().classList.contains('ant-card-bordered')).toBe(false);
  });

  it('sends nothing while a rule fails; a refused call shows the server message and keeps the values', async () => {
    const { writes } = renderPage({
      schema: page(passwordForm),
      intercept: (call) =>
        call.url === 'auth/changePwd' ? { code: 'P4001', message: '原密码错误', data: null } : undefined,
    });
    await waitFor(() => expect(inputOf(form(), '原密码')).toBeTruthy());
    type(form(), '原密码', 'Wrong2026');
    type(form(), '新密码', 'New2026pass');
    type(form(), '确认新密码', 'Other2026');
    click('保存', form());
    expect(await message('确认新密码数据格式错误')).toBeTruthy();
    expect(writes()).toEqual([]);
    type(form(), '确认新密码', 'New2026pass');
    click('保存', form());
    expect(await message('原密码错误')).toBeTruthy();
    expect(writes()).toHaveLength(1);
    expect(inputOf(form(), '原密码').value).toBe('Wrong2026');
  });

  it('{user.id}: loads the signed-in user whatever the page names, updates only the listed fields, runs the host action', async () => {
    const done: unknown[] = [];
    unregister = registerFormHostAction('test.saved', (values) => done.push(values));
    const me = { id: 'u1', name: '张三', mobile: '13912345678', level: 'A' };
    const { calls, writes } = renderPage({
      recordId: 'c05',
      schema: page({
        type: 'form',
        key: 'me',
        dataSource: { kind: 'COMMON', api: 'common/customer' },
        mode: 'edit',
        recordId: '{user.id}',
        submit: { fields: ['name'], trim: true, label: '保存', then: 'test.saved' },
        fields: [
          { key: 'mobile', title: '手机号', type: 'readonly' },
          { key: 'name', title: '姓名', type: 'input', required: true },
        ],
      }),
      intercept: (call) =>
        call.url === 'common/customer/u1'
          ? { code: 200, message: 'success', data: call.method === 'GET' ? me : null }
          : undefined,
    });
    await waitFor(() => expect(inputOf(form(), '姓名').value).toBe('张三'));
    expect(form().textContent).toContain('13912345678');
    expect(calls.filter((c) => c.method === 'GET').map((c) => c.url)).toEqual(['common/customer/u1']);
    type(form(), '姓名', '  李四 ');
    click('保存', form());
    expect(await message('编辑成功')).toBeTruthy();
    expect(writes()).toEqual([{ method: 'PUT', url: 'common/customer/u1', body: { name: '李四' } }]);
    expect(done).toEqual([{ name: '李四' }]);
  });

  it('the meta-schema: a form needs a data source or a submit URL; URLs and record ids are plain paths', () => {
    const check = (node: unknown) => validateWith(nodeSchemaId('form'), node).valid;
    const fields = [{ id: 'f_a', key: 'a', title: 'A', type: 'input' }];
    expect(check({ type: 'form', fields, submit: { url: 'auth/changePwd', fields: ['a'] } })).toBe(true);
    expect(check({ type: 'form', fields, submit: { fields: ['a'] } })).toBe(false);
    expect(check({ type: 'form', fields })).toBe(false);
    expect(check({ type: 'form', fields, submit: { url: 'https://evil.example/x' } })).toBe(false);
    expect(check({ type: 'form', fields, submit: { url: 'common/../auth/x' } })).toBe(false);
    const user = { type: 'form', fields, dataSource: { kind: 'USER' }, mode: 'edit' };
    expect(check({ ...user, recordId: '{user.id}' })).toBe(true);
    expect(check({ ...user, recordId: '{user.name}' })).toBe(false);
    expect(validateWith(META.page, page(passwordForm)).valid).toBe(true);
  });
});
