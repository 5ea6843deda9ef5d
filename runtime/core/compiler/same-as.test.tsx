// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import type { SchemaNode } from '../../../protocol/page-schema';
import '../../definitions';
import { META, validateWith } from '../schema/ajv';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';

const fields: SchemaNode[] = [
  { key: 'newPassword', title: '新密码', type: 'password', required: true },
  {
    key: 'confirm',
    title: '确认新密码',
    type: 'password',
    required: true,
    rules: [{ sameAs: 'newPassword', message: { zh: '两次输入的密码不一致', en: 'The two passwords differ' } }],
  },
] as SchemaNode[];

describe('the sameAs rule (a field that must repeat another)', () => {
  it('refuses a confirmation that differs, with the rule message, and accepts an equal one', async () => {
    const differ = renderForm(fields, { initialValues: { newPassword: 'Secret2026', confirm: 'Secret2027' } });
    expect(await submitForm(differ.form)).toEqual({ errors: { confirm: ['两次输入的密码不一致'] } });
    differ.unmount();
    const same = renderForm(fields, { initialValues: { newPassword: 'Secret2026', confirm: 'Secret2026' } });
    expect(await submitForm(same.form)).toEqual({ values: { newPassword: 'Secret2026', confirm: 'Secret2026' } });
  });

  it('leaves an empty confirmation to the required rule (one message at a time)', async () => {
    const { form } = renderForm(fields, { initialValues: { newPassword: 'Secret2026' } });
    expect(await submitForm(form)).toEqual({ errors: { confirm: ['确认新密码不能为空'] } });
  });

  it('falls back to 数据格式错误 without a message; the meta-schema takes only a field key', async () => {
    const bare = [fields[0], { ...fields[1], rules: [{ sameAs: 'newPassword' }] }] as SchemaNode[];
    const { form } = renderForm(bare, { initialValues: { newPassword: 'a1', confirm: 'b2' } });
    expect(await submitForm(form)).toEqual({ errors: { confirm: ['数据格式错误'] } });
    expect(validateWith(META.field, { id: 'f_confirm', ...fields[1], rules: [{ sameAs: 'newPassword' }] }).valid).toBe(
      true,
    );
    expect(validateWith(META.field, { id: 'f_confirm', ...fields[1], rules: [{ sameAs: 'a.b; drop' }] }).valid).toBe(
      false,
    );
  });
});
