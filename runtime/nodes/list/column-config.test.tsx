// @vitest-environment happy-dom
/** The list page config's columns (field.column, issue 14): width, fixed side, and a sorter the user clicks. */
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import customerPage from '../../../schemas/apps/demo/modules/customer.json';
import type { PageSchema } from '../../../protocol/page-schema';
import { renderPage } from './test-harness';

const schema = structuredClone(customerPage) as unknown as PageSchema & {
  body: { fields: Record<string, unknown>[] }[];
};
const credit = schema.body[0].fields.find((field) => field.key === 'credit_limit')!;
credit.column = { width: 180, fixed: 'left', sortable: true };

describe('list columns from the list page config', () => {
  it('sorts by a sortable column when its header is clicked, and fixes it to its side', async () => {
    const { lists } = renderPage({ schema });
    await screen.findByText('🚀火箭科技');
    const header = [...document.querySelectorAll<HTMLElement>('th')].find((th) =>
      th.textContent?.includes('授信额度'),
    )!;
    expect(header.className).toContain('ant-table-cell-fix-left');
    expect(header.className).toContain('ant-table-column-has-sorters');
    fireEvent.click(header);
    await waitFor(() =>
      expect(lists().at(-1)!.body).toMatchObject({ sorts: [{ key: 'credit_limit', order: 'asc' }], current: 1 }),
    );
    fireEvent.click(header);
    await waitFor(() =>
      expect(lists().at(-1)!.body).toMatchObject({ sorts: [{ key: 'credit_limit', order: 'desc' }] }),
    );
    fireEvent.click(header);
    await waitFor(() => expect(lists().at(-1)!.body).toMatchObject({ sorts: [{ key: 'create_at', order: 'desc' }] }));
  });
});
