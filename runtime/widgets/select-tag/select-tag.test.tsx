// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('select-tag');

describe('select-tag widget', () => {
  it('takes a typed free tag (CJK and emoji) next to options, stored comma-joined', async () => {
    const { form, container } = renderForm([field], { initialValues: { labels: 'mfg' } });
    const input = container.querySelector('.ant-select-selection-search-input') as HTMLInputElement;
    fireEvent.mouseDown(container.querySelector('.ant-select-selector')!);
    await act(async () => fireEvent.change(input, { target: { value: '重点🚀' } }));
    await act(async () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    expect(await submitForm(form)).toEqual({ values: { labels: 'mfg,重点🚀' } });
  });

  it('reads pretty: option labels, free tags as typed', () => {
    const { container } = renderForm([field], { initialValues: { labels: 'mfg,自定义' }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('制造业, 自定义');
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { labels: ['标签(自由)不能为空'] } });
  });
});
