// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act } from '@testing-library/react';
import type { PageSchema } from '../../../protocol/page-schema';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { renderPage } from '../list/test-harness';

const card = {
  type: 'card',
  key: 'contact',
  title: { zh: '联系人', en: 'Contact' },
  props: { columns: 2 },
  children: [
    { key: 'contact_name', title: '姓名', type: 'input', required: true },
    { key: 'contact_level', title: '级别', type: 'radio-group', selectItems: [{ value: 1, label: '一级' }] },
  ],
};

describe('card node', () => {
  it('inside a form: a titled section whose fields belong to the form (values, required)', async () => {
    const { form, container } = renderForm([{ key: 'name', title: '名称', type: 'input' }, card], { lang: 'en' });
    const section = container.querySelector('.tessera-card-section')!;
    expect(section.querySelector('.ant-formily-item-label')!.textContent).toContain('Contact');
    expect(section.querySelectorAll('input').length).toBe(2);
    expect(await submitForm(form)).toEqual({ errors: { contact_name: ['姓名 is required'] } });
    await act(async () => form.setValuesIn('contact_name', '张三'));
    expect(await submitForm(form)).toEqual({ values: { contact_name: '张三' } });
  });

  it('in a page body: an antd Card titled in the page language around its children', async () => {
    const schema = { schemaVersion: 1, type: 'page', body: [card] } as unknown as PageSchema;
    renderPage({ schema });
    const box = document.querySelector('.tessera-card[data-node-key="contact"]')!;
    expect(box.querySelector('.ant-card-head-title')!.textContent).toBe('联系人');
    expect(box.querySelectorAll('input').length).toBe(2);
  });
});
