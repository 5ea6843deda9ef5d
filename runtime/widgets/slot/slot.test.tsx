// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { afterEach, describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { registerSlot, type SlotProps } from '../../react/widget-helpers/slots';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('slot');
let unregister = () => {};
afterEach(() => unregister());

function Counter({ value, onChange, readOnly }: SlotProps) {
  return readOnly ? (
    <span className="count">{String(value ?? 0)}</span>
  ) : (
    <button type="button" onClick={() => onChange?.(String(Number(value ?? 0) + 1))}>
      +1
    </button>
  );
}

describe('slot widget', () => {
  it('renders the host-registered component, which can edit the stored value', async () => {
    unregister = registerSlot('demo.counter', Counter);
    const { form, container } = renderForm([field], { initialValues: { extra: '2' } });
    await act(async () => fireEvent.click(container.querySelector('button')!));
    expect(await submitForm(form)).toEqual({ values: { extra: '3' } });
  });

  it('passes readOnly in read-pretty mode', () => {
    unregister = registerSlot('demo.counter', Counter);
    const { container } = renderForm([field], { initialValues: { extra: '5' }, readPretty: true });
    expect(container.querySelector('.count')!.textContent).toBe('5');
  });

  it('an unregistered name renders nothing but "-"; required still applies', async () => {
    const { form, container } = renderForm([{ ...field, required: true }]);
    expect(container.querySelector('.tessera-read-pretty')!.textContent).toBe('-');
    expect(await submitForm(form)).toEqual({ errors: { extra: ['扩展不能为空'] } });
  });
});
