// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('tag');
const tagTexts = (c: HTMLElement) =>
  [...c.querySelectorAll('.ant-tag:not(.tessera-tag-add)')].map((e) => e.textContent);

describe('tag widget', () => {
  it('adds a typed tag (a comma inside becomes "，"), removes one, stores comma-joined', async () => {
    const { form, container } = renderForm([field], { initialValues: { keywords: '重点,VIP' } });
    expect(tagTexts(container)).toEqual(['重点', 'VIP']);
    await act(async () => fireEvent.click(screen.getByText('新标签')));
    const input = container.querySelector('.tessera-tags input')!;
    fireEvent.change(input, { target: { value: '🚀 a,b' } });
    await act(async () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    expect(await submitForm(form)).toEqual({ values: { keywords: '重点,VIP,🚀 a，b' } });
    await act(async () => fireEvent.click(container.querySelector('.ant-tag .ant-tag-close-icon')!));
    expect(await submitForm(form)).toEqual({ values: { keywords: 'VIP,🚀 a，b' } });
  });

  it('reads pretty as coloured tags', () => {
    const { container } = renderForm([field], { initialValues: { keywords: 'a,b' }, readPretty: true });
    expect(tagTexts(container)).toEqual(['a', 'b']);
    expect(container.querySelector('.ant-tag')!.className).toContain('ant-tag-blue');
    expect(screen.queryByText('新标签')).toBeNull();
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { keywords: ['关键词不能为空'] } });
  });
});
