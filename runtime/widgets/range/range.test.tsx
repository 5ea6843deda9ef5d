// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { typeInto } from '../../react/widget-helpers/testing-pickers';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('range');
const start = dayjs('2024-03-05T00:00:00').valueOf();
const end = dayjs('2024-03-09').endOf('day').valueOf();

describe('range widget', () => {
  it('stores "ts1,ts2" of whole days and writes the start / end keys into the form', async () => {
    const { form, container } = renderForm([field]);
    const [from, to] = container.querySelectorAll('input');
    await typeInto(from, '2024-03-05');
    await typeInto(to, '2024-03-09');
    expect(await submitForm(form)).toEqual({
      values: { period: `${start},${end}`, period_start: start, period_end: end },
    });
  });

  it('decodes a stored range into both inputs', () => {
    const { container } = renderForm([field], { initialValues: { period: `${start},${end}` } });
    expect([...container.querySelectorAll('input')].map((i) => i.value)).toEqual(['2024-03-05', '2024-03-09']);
  });

  it('reads pretty as start ~ end; a broken value shows "-"', () => {
    const ok = renderForm([field], { initialValues: { period: `${start},${end}` }, readPretty: true });
    expect(ok.container.querySelector('.tessera-read-pretty')!.textContent).toBe('2024-03-05 ~ 2024-03-09');
    ok.unmount();
    const bad = renderForm([field], { initialValues: { period: `${start}` }, readPretty: true });
    expect(bad.container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
  });

  it('required with nothing picked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { period: ['合同期不能为空'] } });
  });
});
