// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { typeInto } from '../../react/widget-helpers/testing-pickers';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('timestamp-range');
const a = dayjs('2024-03-05T22:00:00').valueOf();
const b = dayjs('2024-03-06T06:30:00').valueOf();

describe('timestamp-range widget', () => {
  it('stores the exact instants "ts1,ts2" (no day snapping)', async () => {
    const { form, container } = renderForm([field]);
    const [from, to] = container.querySelectorAll('input');
    await typeInto(from, '2024-03-05 22:00:00');
    await typeInto(to, '2024-03-06 06:30:00');
    expect(await submitForm(form)).toEqual({ values: { maint_window: `${a},${b}` } });
  });

  it('reads pretty with times', () => {
    const { container } = renderForm([field], { initialValues: { maint_window: `${a},${b}` }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe(
      '2024-03-05 22:00:00 ~ 2024-03-06 06:30:00',
    );
  });

  it('required with nothing picked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { maint_window: ['维护窗口不能为空'] } });
  });
});
