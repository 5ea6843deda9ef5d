// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../protocol/page-schema';
import { validatePage } from '../../core/schema/ajv';
import { greeted } from '../../actions/test-fixtures/greet';
import { rowOf } from './dom-helpers';
import { customerSchema, renderPage } from './test-harness';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../definitions';

const first = '🚀火箭科技';
const withButtons = (buttons: unknown[]): PageSchema => {
  const page = structuredClone(customerSchema) as unknown as { body: Record<string, unknown>[] };
  Object.assign(page.body[0], { buttons });
  return page as unknown as PageSchema;
};

describe('schema buttons run registered actions by name', () => {
  it('a header button and a row button run the action added in one file, with their params', async () => {
    const schema = withButtons([
      { action: 'greet', title: { zh: '问候全部', en: 'Greet all' }, params: { who: 'all' } },
      { action: 'greet', params: { who: 'row' }, row: true },
    ]);
    expect(validatePage(schema).errors).toEqual([]);
    renderPage({ schema });
    await screen.findByText(first);
    fireEvent.click(screen.getByRole('button', { name: '问候全部' }));
    // No title: the action's registered title (问候) labels the row button.
    const row = rowOf(first);
    const rowButton = [...row.querySelectorAll('button')].find((b) => b.textContent === '问候')!;
    fireEvent.click(rowButton);
    await waitFor(() => expect(greeted).toHaveLength(2));
    expect(greeted[0]).toEqual({ who: 'all', id: undefined });
    expect(greeted[1].who).toBe('row');
    expect(greeted[1].id).toBeTruthy();
  });

  it('a callApi button posts through the app client with the row id, then reloads the rows', async () => {
    const schema = withButtons([
      { action: 'callApi', title: '审核', params: { url: 'common/customer/approve', body: { level: 2 } }, row: true },
    ]);
    expect(validatePage(schema).errors).toEqual([]);
    const { calls, lists } = renderPage({
      schema,
      intercept: (call) =>
        call.url === 'common/customer/approve' ? { code: 200, message: 'ok', data: null } : undefined,
    });
    await screen.findByText(first);
    const before = lists().length;
    const row = rowOf(first);
    fireEvent.click([...row.querySelectorAll('button')].find((b) => b.textContent === '审核')!);
    await waitFor(() => expect(calls.some((c) => c.url === 'common/customer/approve')).toBe(true));
    const call = calls.find((c) => c.url === 'common/customer/approve')!;
    expect(call.method).toBe('POST');
    expect(call.body).toMatchObject({ level: 2, ids: [expect.any(String)] });
    await waitFor(() => expect(lists().length).toBeGreaterThan(before));
  });

  it('the card view shows row buttons too', async () => {
    const page = withButtons([{ action: 'greet', title: '问候卡片', params: { who: 'card' }, row: true }]);
    Object.assign((page as unknown as { body: Record<string, unknown>[] }).body[0], { views: ['card'] });
    renderPage({ schema: page });
    // One button per card: click the first card's.
    fireEvent.click((await screen.findAllByRole('button', { name: '问候卡片' }))[0]);
    await waitFor(() => expect(greeted.some((g) => g.who === 'card' && g.id)).toBe(true));
  });
});
