// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('radio-group');
const radio = (c: HTMLElement, label: string) =>
  [...c.querySelectorAll('label')].find((e) => e.textContent === label)!.querySelector('input')!;

describe('radio-group widget', () => {
  it('decodes the stored value (numbers stay numbers) and stores the chosen option value', async () => {
    const { form, container } = renderForm([field], { initialValues: { dev_team: '2' } });
    expect(radio(container, '个人开发者').checked).toBe(true);
    await act(async () => fireEvent.click(radio(container, '机构开发者')));
    expect(await submitForm(form)).toEqual({ values: { dev_team: 1 } });
  });

  it('hides items by hiddenFn against the live values', async () => {
    const { form, container } = renderForm([{ key: 'kind', title: '类型', type: 'input' }, field]);
    expect(container.textContent).not.toContain('寻找外包');
    await act(async () => form.setValuesIn('kind', 'outsource'));
    expect(container.textContent).toContain('寻找外包');
  });

  it('reads pretty as the label', () => {
    const { container } = renderForm([field], { initialValues: { dev_team: 1 }, readPretty: true, lang: 'en' });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('Institution');
  });

  it('required and unchosen is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { dev_team: ['开发团队不能为空'] } });
  });
});
