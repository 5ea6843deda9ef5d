// @vitest-environment happy-dom
/**
 * The canvas is the runtime rendering the schema (issue 14): a settings edit that changes how the
 * runtime renders a field (its required mark) shows on the canvas at once, not after a reopen.
 */
import '../../tests/dom-setup';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { fieldOnCanvas, renderCustomerDesigner as renderDesigner } from '../../tests/helpers/designer-kit';

beforeEach(() => localStorage.clear());
describe('the canvas shows what operators get', () => {
  it('marks a field required as soon as 必填 is switched on, and unmarks it on undo', async () => {
    renderDesigner();
    await waitFor(() => expect(fieldOnCanvas('remark')).toBeTruthy());
    const mark = () => fieldOnCanvas('remark')!.querySelector('.ant-formily-item-asterisk');
    expect(mark()).toBeFalsy();
    fireEvent.click(fieldOnCanvas('remark')!);
    const settings = document.querySelector('[data-settings-for]') as HTMLElement;
    await waitFor(() => expect(within(settings).getByDisplayValue('remark')).toBeTruthy());
    const required = [...settings.querySelectorAll('.ant-formily-item')].find(
      (item) => item.querySelector('label')?.textContent === '必填',
    )!;
    fireEvent.click(required.querySelector('[role="switch"]')!);
    await waitFor(() => expect(mark()).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '撤 销' }));
    await waitFor(() => expect(mark()).toBeFalsy());
  }, 120_000);
});
