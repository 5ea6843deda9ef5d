// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { typeInto } from '../../react/widget-helpers/testing-pickers';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('week');

describe('week widget', () => {
  it('stores a picked week as the ms timestamp of its first day', async () => {
    const { form, container } = renderForm([field], { initialValues: { report_week: dayjs('2024-03-04').valueOf() } });
    const input = container.querySelector('input')!;
    expect(input.value).toBe(dayjs('2024-03-04').format('YYYY-wo'));
    await typeInto(input, dayjs('2024-03-14').format('YYYY-wo'));
    const stored = (await submitForm(form)).values!.report_week as number;
    expect(dayjs(stored).format('YYYY-MM-DD HH:mm')).toBe(
      dayjs('2024-03-14').startOf('week').format('YYYY-MM-DD HH:mm'),
    );
  });

  it('reads pretty as the first day of the week, as the table and export show it', () => {
    const { container } = renderForm([field], {
      initialValues: { report_week: dayjs('2024-03-04').valueOf() },
      readPretty: true,
    });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('2024-03-04');
  });

  it('required with nothing picked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { report_week: ['周报周不能为空'] } });
  });
});
