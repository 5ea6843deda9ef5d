// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, waitFor } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('barcode');

describe('barcode widget', () => {
  it('edits the text (stored as typed) and draws CODE128 bars 60 high', async () => {
    const { form, container } = renderForm([field]);
    await act(async () => fireEvent.change(container.querySelector('input')!, { target: { value: 'SKU-0042' } }));
    expect(await submitForm(form)).toEqual({ values: { sku: 'SKU-0042' } });
    const svg = container.querySelector('svg.tessera-barcode')!;
    await waitFor(() => expect(svg.querySelectorAll('rect').length).toBeGreaterThan(10));
    // The first rect is the background.
    const bars = [...svg.querySelectorAll('rect')].slice(1);
    expect(bars.every((r) => r.getAttribute('height') === '60')).toBe(true);
    // Bar width 2: every bar is a multiple of 2 px wide.
    expect(bars.every((r) => Number(r.getAttribute('width')) % 2 === 0)).toBe(true);
    expect(container.querySelector('.tessera-barcode-text')!.textContent).toBe('SKU-0042');
  });

  it('opens a preview modal on click', async () => {
    const { container } = renderForm([field], { initialValues: { sku: 'ABC' }, readPretty: true });
    await act(async () => fireEvent.click(container.querySelector('svg.tessera-barcode')!));
    await waitFor(() =>
      expect(document.querySelectorAll('.tessera-barcode-preview svg rect').length).toBeGreaterThan(5),
    );
  });

  it("shows 'format not supported' for text CODE128 cannot encode, 'empty data' for none", () => {
    const cjk = renderForm([field], { initialValues: { sku: '条码' }, readPretty: true, lang: 'en' });
    expect(cjk.container.querySelector('.tessera-barcode-state')!.textContent).toBe('format not supported');
    cjk.unmount();
    const empty = renderForm([field], { readPretty: true });
    expect(empty.container.querySelector('.tessera-barcode-state')!.textContent).toBe('数据为空');
  });

  it('required and empty is an error', async () => {
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { sku: ['条码不能为空'] } });
  });
});
