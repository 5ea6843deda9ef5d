// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';

const field = {
  key: 'credit',
  title: { zh: '授信额度', en: 'Credit' },
  type: 'number',
  props: { min: 0, precision: 2 },
};

describe('number widget', () => {
  it('edits and stores a number; max defaults to 1e11 and min comes from props', async () => {
    const { form, container } = renderForm([field]);
    const input = container.querySelector('input')!;
    expect(input.getAttribute('aria-valuemax')).toBe('100000000000');
    expect(input.getAttribute('aria-valuemin')).toBe('0');
    fireEvent.change(input, { target: { value: '1234.5' } });
    expect(await submitForm(form)).toEqual({ values: { credit: 1234.5 } });
  });

  it('decodes a numeric string from the database and stores null when cleared', async () => {
    const { form, container } = renderForm([field], { initialValues: { credit: '12.50' } });
    const input = container.querySelector('input')!;
    expect(input.value).toBe('12.50');
    fireEvent.change(input, { target: { value: '' } });
    expect(form.values.credit).toBeNull();
  });

  it('reads pretty with its precision', () => {
    const { container } = renderForm([field], { initialValues: { credit: 3 }, readPretty: true });
    expect(container.querySelector('input')).toBeNull();
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('3.00');
  });

  it('is required with the title in the message', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { credit: ['授信额度不能为空'] } });
  });
});
