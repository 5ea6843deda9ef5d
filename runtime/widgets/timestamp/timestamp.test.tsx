// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import dayjs from 'dayjs';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { typeInto } from '../../react/widget-helpers/testing-pickers';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('timestamp');
const at = dayjs('2024-03-05T08:30:15').valueOf();

describe('timestamp widget', () => {
  it('shows date and time, and stores the typed instant in ms', async () => {
    const { form, container } = renderForm([field], { initialValues: { created_at: at } });
    const input = container.querySelector('input')!;
    expect(input.value).toBe('2024-03-05 08:30:15');
    await typeInto(input, '2024-04-10 17:45:00');
    expect(await submitForm(form)).toEqual({ values: { created_at: dayjs('2024-04-10T17:45:00').valueOf() } });
  });

  it('reads pretty as YYYY-MM-DD HH:mm:ss', () => {
    const { container } = renderForm([field], { initialValues: { created_at: at }, readPretty: true });
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('2024-03-05 08:30:15');
  });

  it('required with nothing picked is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }], { lang: 'en' });
    expect(await submitForm(form)).toEqual({ errors: { created_at: ['Created at is required'] } });
  });
});
