// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

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
});
