// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { createForm } from '@formily/core';
import { FormProvider } from '@formily/react';
import type { ApiResult, RequestFn, RequestOptions } from '../../protocol/http';
import type { SchemaNode } from '../../protocol/page-schema';
import { createDictLoader } from '../core/data/dict';
import { RuntimeProvider, type RuntimeContextValue } from './context';
import { FormBody } from './FormBody';
import { renderForm } from './widget-helpers/testing';
import { SPINNER_DELAY_MS } from './widget-helpers/use-options';

/**
 * Issue 23 made a keystroke in a linkage parent cheaper (a dependent's options load without a
 * second render and without a spinner flash). What the user relies on stays: every dependent
 * follows every keystroke, and a load that takes a while still shows it is loading.
 */
const DEPENDENTS = 20;
const fanOut = [
  {
    key: 'code',
    title: '编码',
    type: 'input',
    linkageKeys: Array.from({ length: DEPENDENTS }, (_, i) => `d${i}`),
  },
  ...Array.from({ length: DEPENDENTS }, (_, i) => ({
    key: `d${i}`,
    title: `下级${i}`,
    type: 'select',
    dictApi: { url: `dict/d${i}`, params: { code: '{{code}}' } },
  })),
] as unknown as SchemaNode[];

const answers = (url: string) => (query: RequestOptions['query']) => [
  { value: `${String(query?.code)}-1`, label: `${url} ${String(query?.code)}` },
];
const dicts = Object.fromEntries(fanOut.slice(1).map((_, i) => [`dict/d${i}`, answers(`dict/d${i}`)]));

const spinners = (container: HTMLElement) => container.querySelectorAll('.ant-select-arrow-loading').length;

function type(container: HTMLElement, text: string) {
  const input = container.querySelector<HTMLInputElement>('input[aria-label="编码"]')!;
  fireEvent.change(input, { target: { value: text } });
}

describe('a keystroke in a linkage parent (issue 23)', () => {
  it('reloads all 20 dependents for each new value and clears them, with no spinner for a prompt answer', async () => {
    const { form, calls, container } = renderForm(fanOut, { dicts });
    await act(async () => form.setValuesIn('d3', 'x-1'));
    type(container, 'a');
    expect(spinners(container)).toBe(0);
    await waitFor(() => expect(calls.filter((c) => c.query?.code === 'a')).toHaveLength(DEPENDENTS));
    expect(form.values.d3).toBeUndefined(); // the operator's input cleared the dependent
    type(container, 'ab');
    expect(spinners(container)).toBe(0);
    await waitFor(() => expect(calls.filter((c) => c.query?.code === 'ab')).toHaveLength(DEPENDENTS));
    // The options shown are the latest value's, in the last dependent as in the first.
    for (const key of ['d0', `d${DEPENDENTS - 1}`]) {
      const item = [...container.querySelectorAll<HTMLElement>('.ant-formily-item')].find(
        (el) => el.querySelector('.ant-select') && el.textContent?.includes(`下级${key.slice(1)}`),
      )!;
      fireEvent.mouseDown(item.querySelector('.ant-select-selector')!);
      await waitFor(() =>
        expect([...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent)).toContain(
          `dict/${key} ab`,
        ),
      );
      fireEvent.mouseDown(item.querySelector('.ant-select-selector')!);
    }
    expect(spinners(container)).toBe(0);
  });

  it('a dictionary that takes a while shows the spinner after the delay, and it goes with the answer', async () => {
    let release: () => void = () => undefined;
    const request = ((req: RequestOptions) =>
      new Promise<ApiResult>((resolve) => {
        release = () => resolve({ code: 200, message: 'success', data: answers(req.url)(req.query) });
      })) as RequestFn;
    const runtime = {
      request,
      lang: 'zh',
      user: { id: 'u1', roleIds: [] },
      providerFor: () => {
        throw new Error('not used');
      },
      loadDict: createDictLoader(request),
    } as RuntimeContextValue;
    const nodes = [fanOut[0], fanOut[1]].map((n) => ({ ...n, linkageKeys: n.key === 'code' ? ['d0'] : undefined }));
    const { container } = render(
      <RuntimeProvider value={runtime}>
        <FormProvider form={createForm()}>
          <FormBody nodes={nodes as SchemaNode[]} />
        </FormProvider>
      </RuntimeProvider>,
    );
    type(container, 'slow');
    expect(spinners(container)).toBe(0);
    await waitFor(() => expect(spinners(container)).toBe(1), { timeout: SPINNER_DELAY_MS * 10 });
    await act(async () => release());
    await waitFor(() => expect(spinners(container)).toBe(0));
  });
});
