// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent } from '@testing-library/react';
import { renderForm, submitForm } from '../../react/widget-helpers/testing';
import { fixtureField } from '../shared/fixture';

const field = fixtureField('drag-list');
const rows = (c: HTMLElement) => [...c.querySelectorAll('.tessera-drag-list .ant-list-item')];
const labels = (c: HTMLElement) => rows(c).map((r) => r.querySelector('span > span:last-child, span')!.textContent);

describe('drag-list widget', () => {
  it('shows the stored order first, then unordered options; drops unknown values', () => {
    const { container } = renderForm([field], { initialValues: { steps: 'c,gone,a' } });
    expect(labels(container)).toEqual(['审批 🚀', '起草', '归档']);
  });

  it('dragging a row onto another stores the new order comma-joined', async () => {
    const { form, container } = renderForm([field]);
    await act(async () => fireEvent.dragStart(rows(container)[2]));
    await act(async () => fireEvent.dragOver(rows(container)[0]));
    await act(async () => fireEvent.drop(rows(container)[0]));
    expect(await submitForm(form)).toEqual({ values: { steps: 'c,a,b' } });
  });

  it('moves with the up / down buttons too', async () => {
    const { form, container } = renderForm([field], { initialValues: { steps: 'a,b,c' } });
    await act(async () => fireEvent.click(rows(container)[0].querySelector('button[aria-label="下移"]')!));
    expect(await submitForm(form)).toEqual({ values: { steps: 'b,a,c' } });
  });

  it('reads pretty as the labels in order; required and empty is an error', async () => {
    const read = renderForm([field], { initialValues: { steps: 'b,a' }, readPretty: true });
    expect(read.container.querySelector('.tessera-read-pretty')!.textContent).toBe('归档, 起草');
    read.unmount();
    const { form } = renderForm([{ ...field, required: true }]);
    expect(await submitForm(form)).toEqual({ errors: { steps: ['流程顺序不能为空'] } });
  });
});
