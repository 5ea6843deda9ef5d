import { describe, expect, it } from 'vitest';
import customerPage from '../../../schemas/apps/demo/modules/customer.json';
import { validatePage } from '../../core/schema/ajv';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../definitions';

const page = (node: Record<string, unknown>) => ({ schemaVersion: 1, type: 'page', body: [node] });
const list = customerPage.body[0];
const form = {
  type: 'form',
  dataSource: { kind: 'COMMON', api: 'common/customer' },
  mode: 'edit',
  fields: list.fields,
};

describe('list and form node schemas', () => {
  it('accept the demo customer module and a form over its fields', () => {
    expect(validatePage(customerPage)).toEqual({ valid: true, errors: [] });
    expect(validatePage(page(form))).toEqual({ valid: true, errors: [] });
    expect(validatePage(page({ ...form, mode: 3, fields: [{ type: 'grid', children: list.fields }] })).valid).toBe(
      true,
    );
  });

  it('reject unknown actions, bad paging, bad widths and unknown properties, pointing at them', () => {
    const bad = validatePage(
      page({
        ...list,
        actions: ['add', 'export-all'],
        pagination: { pageSize: 0 },
        modal: { width: '50vw' },
        onLoad: 'alert(1)',
      }),
    );
    expect(bad.valid).toBe(false);
    const paths = bad.errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/body/0/actions/1', '/body/0/onLoad']));
    expect(paths.some((p) => p.startsWith('/body/0/pagination'))).toBe(true);
    expect(paths.some((p) => p.startsWith('/body/0/modal/width'))).toBe(true);
  });

  it('require a data source and fields, and a form mode from the closed set', () => {
    expect(validatePage(page({ type: 'list', fields: list.fields })).errors.map((e) => e.path)).toContain(
      '/body/0/dataSource',
    );
    expect(validatePage(page({ ...list, fields: [] })).valid).toBe(false);
    expect(validatePage(page({ ...form, mode: 'delete' })).valid).toBe(false);
    expect(validatePage(page({ ...list, sorts: [{ key: 'name; drop table x', order: 'asc' }] })).valid).toBe(false);
  });

  it('accept views, gantt keys and an import template id, and reject bad ones', () => {
    const ok = page({
      ...list,
      actions: ['export', 'import', 'columns'],
      views: ['card', 'gantt'],
      gantt: { text: 'name', start: 'signed_at', duration: 'days', parent: 'parent_id', scale: 'month' },
      importTemplateId: 'tpl_1',
    });
    expect(validatePage(ok)).toEqual({ valid: true, errors: [] });
    const bad = validatePage(
      page({
        ...list,
        views: ['table', 'kanban'],
        gantt: { text: 'name;drop', scale: 'day', links: true },
        importTemplateId: '../x',
      }),
    );
    const paths = bad.errors.map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['/body/0/views/1', '/body/0/importTemplateId']));
    expect(paths.some((p) => p.startsWith('/body/0/gantt'))).toBe(true);
    expect(validatePage(page({ ...list, views: [] })).valid).toBe(false);
  });

  it('take parentKey as a field key only', () => {
    expect(validatePage(page({ ...list, parentKey: 'parent_id' }))).toEqual({ valid: true, errors: [] });
    const bad = validatePage(page({ ...list, parentKey: 'parent_id; drop table x' }));
    expect(bad.valid).toBe(false);
    expect(bad.errors.map((e) => e.path)).toContain('/body/0/parentKey');
  });
});
