// @vitest-environment happy-dom
/**
 * The import dialog offers the module's saved import templates (issue 16 item 7): it reads them
 * from {prefix}import_template filtered by the list's table, and the chosen one is sent as
 * importTemplateId for both the downloaded template and the import; with none chosen the list's
 * own fields are sent, as before.
 */
import '../../../tests/dom-setup';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../protocol/page-schema';
import { click, findModal, trackDownloads } from './dom-helpers';
import { customerSchema, renderPage } from './test-harness';

const schema = (): PageSchema => {
  const page = structuredClone(customerSchema) as unknown as { body: Record<string, unknown>[] };
  Object.assign(page.body[0], { actions: ['add', 'import'] });
  return page as unknown as PageSchema;
};
const xls = () => new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], { type: 'application/vnd.ms-excel' });
const saved = trackDownloads();

describe('import templates in the import dialog', () => {
  it('lists the templates of the module and sends the chosen one as importTemplateId', async () => {
    const { calls } = renderPage({
      schema: schema(),
      intercept: (call) => {
        if (call.url === 'common/tessera_sys_import_template/list')
          return {
            code: '200',
            message: '',
            data: {
              list: [
                { id: 'tpl1', name: '客户简表' },
                { id: 'tpl2', name: '客户全表' },
              ],
              total: 2,
            },
          };
        if (call.url.endsWith('/downloadTemplate')) return { code: '200', message: '', data: xls() };
        return undefined;
      },
    });
    await screen.findByText('🚀火箭科技');
    click('导入');
    const dialog = await findModal('导入客户');
    const picker = await waitFor(() => {
      const found = dialog.querySelector<HTMLElement>('.tessera-import-template .ant-select-selector');
      if (!found) throw new Error('no template picker yet');
      return found;
    });
    const read = calls.find((c) => c.url === 'common/tessera_sys_import_template/list')!;
    expect(JSON.stringify(read.body)).toContain('"table_name"');
    expect(JSON.stringify(read.body)).toContain('"customer"');

    click('下载模版', dialog);
    await waitFor(() => expect(saved).toHaveLength(1));
    const plain = calls.filter((c) => c.url === 'common/customer/downloadTemplate');
    expect((plain[0]!.body as { fields: unknown[] }).fields.length).toBeGreaterThan(0);

    fireEvent.mouseDown(picker);
    fireEvent.click(await screen.findByTitle('客户全表'));
    click('下载模版', dialog);
    await waitFor(() => expect(saved).toHaveLength(2));
    const chosen = calls.filter((c) => c.url === 'common/customer/downloadTemplate')[1]!;
    expect(chosen.query).toEqual({ importTemplateId: 'tpl2' });
  });
});
