// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';

const signed = { key: 'signed_at', title: { zh: '签约日期', en: 'Signed on' }, type: 'date' };
const march5 = dayjs('2024-03-05T00:00:00').valueOf();

async function typeDate(input: HTMLInputElement, text: string) {
  await act(async () => {
    fireEvent.mouseDown(input);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: text } });
    fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  });
}

describe('date widget', () => {
  it('shows a stored ms timestamp as YYYY-MM-DD and stores a picked day as its start in ms', async () => {
    const { form, container } = renderForm([signed], { initialValues: { signed_at: march5 + 8 * 3600_000 } });
    const input = container.querySelector('input')!;
    expect(input.value).toBe('2024-03-05');
    await typeDate(input, '2024-04-10');
    expect(await submitForm(form)).toEqual({ values: { signed_at: dayjs('2024-04-10T00:00:00').valueOf() } });
  });

  it('decodes a timestamp that arrives as a string (PostgreSQL bigint)', () => {
    const { container } = renderForm([signed], { initialValues: { signed_at: String(march5) } });
    expect(container.querySelector('input')!.value).toBe('2024-03-05');
  });

  it('reads pretty as YYYY-MM-DD, or the field’s format', () => {
    const plain = renderForm([signed], { initialValues: { signed_at: march5 }, readPretty: true });
    expect(plain.container.querySelector('.tessera-read-pretty')!.textContent).toBe('2024-03-05');
    plain.unmount();
    const custom = renderForm([{ ...signed, props: { format: 'YYYY年MM月DD日' } }], {
      initialValues: { signed_at: march5 },
      mode: 'readPretty',
    });
    expect(custom.container.querySelector('.tessera-read-pretty')!.textContent).toBe('2024年03月05日');
  });

  it('search mode with BETWEEN: a range picker storing "start,end" of whole days', async () => {
    const { form, container } = renderForm([{ ...signed, required: true, search: { rule: 'BETWEEN' } }], {
      mode: 'search',
    });
    const inputs = container.querySelectorAll('input');
    expect(inputs).toHaveLength(2);
    await typeDate(inputs[0], '2024-03-05');
    await typeDate(inputs[1], '2024-03-09');
    const expected = `${march5},${dayjs('2024-03-09').endOf('day').valueOf()}`;
    // Required does not apply to search forms.
    expect(await submitForm(form)).toEqual({ values: { signed_at: expected } });
    await act(async () => form.setPattern('readPretty'));
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('2024-03-05 ~ 2024-03-09');
  });

  it('search mode with EQUAL keeps a single picker', () => {
    const { container } = renderForm([{ ...signed, search: { rule: 'EQUAL' } }], { mode: 'search' });
    expect(container.querySelectorAll('input')).toHaveLength(1);
  });

  it('is required with {title}不能为空 in edit mode', async () => {
    const { form } = renderForm([{ ...signed, required: true }], { lang: 'en' });
    expect(await submitForm(form)).toEqual({ errors: { signed_at: ['Signed on is required'] } });
  });
});
