// @vitest-environment happy-dom
/**
 * Issue 22, item 4: server-owned fields of a user (创建时间) are not offered on add; the initial
 * password and "must change at first sign-in" (on by default) are offered on add only.
 */
import '../../tests/dom-setup';
import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { SchemaNode } from '../../protocol/page-schema';
import { renderForm } from '../../runtime/react/widget-helpers/testing';

const fields = JSON.parse(readFileSync('schemas/pages/system/user.json', 'utf8')).body[0].fields as SchemaNode[];
const labels = (container: HTMLElement) =>
  [...container.querySelectorAll('.ant-formily-item-label')].map((e) => e.textContent?.replace(/[:：\s*]/g, ''));

describe('the user form', () => {
  it('hides 创建时间 on add and shows it (read-only) on edit', () => {
    const add = renderForm(fields);
    expect(labels(add.container)).not.toContain('创建时间');
    expect(labels(add.container)).toContain('账号');
    add.unmount();
    const edit = renderForm(fields, { initialValues: { id: 'u1', account: 'a', create_at: 1_700_000_000_000 } });
    expect(labels(edit.container)).toContain('创建时间');
  });

  it('offers an initial password on add only (it cannot be set or read on edit)', () => {
    const add = renderForm(fields);
    expect(labels(add.container)).toContain('初始密码');
    expect(add.container.querySelector('input[type="password"]')).not.toBeNull();
    add.unmount();
    const edit = renderForm(fields, { initialValues: { id: 'u1', account: 'a' } });
    expect(labels(edit.container)).not.toContain('初始密码');
  });

  it('offers "must change at first sign-in", on by default, on add only (an edit never sends it)', async () => {
    const add = renderForm(fields);
    expect(labels(add.container)).toContain('首次登录须修改密码');
    // The switch widget stores 1/0; the server takes either form.
    await waitFor(() => expect(add.form.values.mustChangePassword).toBe(1));
    add.unmount();
    const edit = renderForm(fields, { initialValues: { id: 'u1', account: 'a' } });
    expect(labels(edit.container)).not.toContain('首次登录须修改密码');
    await waitFor(() => expect(edit.form.values).not.toHaveProperty('mustChangePassword'));
  });
});
