// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { META, validatePage } from '../../core/schema/ajv';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../definitions';

const field = fixtureField('tree-select');
const multi = fixtureField('regions');

describe('tree-select widget', () => {
  it('picks a nested node and stores its value (numbers stay numbers)', async () => {
    const { form, container } = renderForm([field]);
    await act(async () => fireEvent.mouseDown(container.querySelector('.ant-select-selector')!));
    const titles = [...document.querySelectorAll('.ant-select-tree-title')].map((e) => e.textContent);
    expect(titles).toEqual(['总部', '研发部', '销售部']);
    const node = [...document.querySelectorAll('.ant-select-tree-title')].find((e) => e.textContent === '研发部')!;
    await act(async () => fireEvent.click(node));
    expect(await submitForm(form)).toEqual({ values: { dept: 11 } });
  });

  it('multiple: decodes "11,12" and reads pretty as the nested labels', async () => {
    const { form } = renderForm([multi], { initialValues: { regions: '11,12' } });
    expect(await submitForm(form)).toEqual({ values: { regions: '11,12' } });
    const read = renderForm([multi], { initialValues: { regions: '11,12' }, readPretty: true, lang: 'en' });
    expect(read.container.querySelector('.tessera-read-pretty')!.textContent).toBe('R&D, Sales');
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { dept: ['部门不能为空'] } });
  });

  it('showCheckedStrategy SHOW_ALL stores a fully checked folder with its children', async () => {
    const check = async (strategy?: string) => {
      const props = {
        treeCheckable: true,
        treeDefaultExpandAll: true,
        ...(strategy ? { showCheckedStrategy: strategy } : {}),
      };
      const { form, container, unmount } = renderForm([{ ...multi, props }]);
      await act(async () => fireEvent.mouseDown(container.querySelector('.ant-select-selector')!));
      const hq = [...document.querySelectorAll('.ant-select-tree-treenode')].find(
        (n) => n.querySelector('.ant-select-tree-title')?.textContent === '总部',
      )!;
      await act(async () => fireEvent.click(hq.querySelector('.ant-select-tree-checkbox')!));
      const result = await submitForm(form);
      unmount();
      document.body.innerHTML = '';
      return result;
    };
    // antd's default (SHOW_CHILD) keeps only the leaves: the folder's own id would be lost.
    expect(await check()).toEqual({ values: { regions: '11,12' } });
    expect(await check('SHOW_ALL')).toEqual({ values: { regions: '1,11,12' } });
    expect(await check('SHOW_PARENT')).toEqual({ values: { regions: '1' } });
  });

  it('the props schema accepts the three strategies and nothing else', () => {
    const page = (props: Record<string, unknown>) => ({
      $schema: META.page,
      schemaVersion: 1,
      type: 'page',
      body: [{ type: 'form', dataSource: { kind: 'COMMON', api: 'common/t' }, fields: [{ ...multi, props }] }],
    });
    for (const s of ['SHOW_ALL', 'SHOW_PARENT', 'SHOW_CHILD'])
      expect(validatePage(page({ treeCheckable: true, showCheckedStrategy: s })).valid).toBe(true);
    const bad = validatePage(page({ showCheckedStrategy: 'ALL' }));
    expect(bad.valid).toBe(false);
    expect(bad.errors[0]!.path).toBe('/body/0/fields/0/props/showCheckedStrategy');
  });
});
