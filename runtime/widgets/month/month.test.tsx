// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { typeInto } from '../../react/widget-helpers/testing-pickers';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('month');

describe('month widget', () => {
  it('shows a stored timestamp as YYYY-MM and stores a pick as the month’s first day in ms', async () => {
    const { form, container } = renderForm([field], { initialValues: { bill_month: dayjs('2024-03-17').valueOf() } });
    const input = container.querySelector('input')!;
    expect(input.value).toBe('2024-03');
    await typeInto(input, '2024-05');
    expect(await submitForm(form)).toEqual({ values: { bill_month: dayjs('2024-05-01T00:00:00').valueOf() } });
  });

  it('reads pretty as YYYY-MM (a PostgreSQL bigint string too)', () => {
    const stored = String(dayjs('2024-12-01').valueOf());
    const { container } = renderForm([field], { initialValues: { bill_month: stored }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('2024-12');
  });

  it('required with nothing picked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { bill_month: ['账期不能为空'] } });
  });
});
