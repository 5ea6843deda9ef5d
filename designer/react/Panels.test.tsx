// @vitest-environment happy-dom
/**
 * The settings tabs beyond the properties, in a DOM over a fake store (the real wire shapes): the
 * linkage editor writes the runtime's expressions from picked conditions, checks a typed expression
 * and refuses a linkage cycle at the node; the options tab picks a dictionary with a preview and
 * tells one that no longer exists; the auto-number tab shows a sample.
 */
import '../../tests/dom-setup';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../protocol/http';
import customerPage from '../../schemas/apps/demo/modules/customer.json';
import { RuntimeProvider } from '../../runtime/react/context';
import { createRuntimeValue } from '../../runtime/react/create-runtime';
import { preloadNodes, preloadWidgets } from '../../runtime/react/bindings';
import '../../runtime/definitions';
import '../../runtime/widgets/components';
import '../../runtime/nodes/components';
import { Designer } from './index';

await Promise.all([preloadWidgets(), preloadNodes()]);

function fakeStore(schema: unknown = customerPage) {
  const ok = (data: unknown): ApiResult => ({ code: '200', message: '', data });
  const request = async <T,>(call: RequestOptions) => {
    const answer = (): ApiResult => {
      if (call.method === 'GET' && call.url === 'module/m1')
        return ok({ id: 'm1', title: '客户', table_name: 'customer', schema });
      if (call.method === 'GET' && call.url === 'module/m1/versions')
        return ok([
          { id: 'v1', version: 1, author: 'u1', author_name: 'admin', created_at: 0, provenance: 'designer' },
        ]);
      if (call.url === 'common/tessera_sys_dict_type/list')
        return ok({
          list: [
            { code: 'customer_level', title: '客户等级' },
            { code: 'industry', title: '行业' },
          ],
          total: 2,
        });
      if (call.url === 'dict/industry')
        return ok([
          { value: 'it', label: '信息技术' },
          { value: 'retail', label: '零售' },
        ]);
      return ok([]);
    };
    return answer() as ApiResult<T>;
  };
  return request as never;
}

function renderDesigner(schema?: unknown) {
  const runtime = createRuntimeValue({ request: fakeStore(schema), lang: 'zh', user: { id: 'u1', roleIds: [] } });
  return render(
    <RuntimeProvider value={runtime}>
      <Designer moduleId="m1" app="demo" onBack={() => undefined} />
    </RuntimeProvider>,
  );
}

const fieldOnCanvas = (key: string) =>
  document.querySelector(`.tessera-designer-node[aria-label$="· ${key}"]`) as HTMLElement;
const draft = () => JSON.stringify(JSON.parse(localStorage.getItem('tessera.designer.demo.m1') ?? '{}'));

async function openTab(key: string, tab: string) {
  await waitFor(() => expect(fieldOnCanvas(key)).toBeTruthy());
  fireEvent.click(fieldOnCanvas(key));
  fireEvent.click(await screen.findByRole('tab', { name: tab }));
}

/** Opens an antd select and clicks the option with this text. */
async function choose(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select.querySelector('.ant-select-selector')!);
  const items = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-item-option')].filter(
      (item) => item.textContent === option && !item.closest('.ant-select-dropdown-hidden'),
    );
    expect(found.length).toBeGreaterThan(0);
    return found;
  });
  fireEvent.click(items[items.length - 1]);
}

beforeEach(() => localStorage.clear());

describe('the linkage editor', () => {
  it('builds a condition from picked fields, without writing an expression', async () => {
    renderDesigner();
    await openTab('remark', '联动');
    const required = await screen.findByTestId('linkage-requiredFn');
    fireEvent.click(within(required).getByTestId('add-condition'));
    await choose(within(required).getByTestId('condition-field'), '所属行业');
    // the source's own options are offered as the value
    await choose(within(required).getByTestId('condition-value'), '零售');
    await waitFor(() => expect(draft()).toContain(`"requiredFn":"industry === 'retail'"`));
    // show when: the hiddenFn is the negation
    const visibility = screen.getByTestId('linkage-hiddenFn');
    fireEvent.click(within(visibility).getByTestId('add-condition'));
    await choose(within(visibility).getByTestId('condition-field'), '是否启用');
    await choose(within(visibility).getByTestId('condition-op'), '不为空');
    await waitFor(() => expect(draft()).toContain(`"hiddenFn":"!(!isEmpty(active))"`));
  });

  it('checks a typed expression as it is typed and applies it only when it is valid', async () => {
    renderDesigner();
    await openTab('remark', '联动');
    const readOnly = await screen.findByTestId('linkage-disabledFn');
    fireEvent.click(within(readOnly).getByText('表达式'));
    const box = within(readOnly).getByTestId('expression-box');
    fireEvent.change(box, { target: { value: 'price > 3' } });
    await within(readOnly).findByText('表达式中的“price”不是本表单的字段');
    fireEvent.change(box, { target: { value: 'credit_limit >' } });
    await waitFor(() => expect(within(readOnly).getByTestId('expression-problem').textContent).toMatch(/^表达式有误/));
    fireEvent.change(box, { target: { value: 'credit_limit > 1000' } });
    await within(readOnly).findByText('表达式有效');
    await waitFor(() => expect(draft()).toContain('"disabledFn":"credit_limit > 1000"'));
    expect(draft()).not.toContain('price > 3');
  });

  it('refuses a value linkage that closes a cycle, naming it at the node', async () => {
    renderDesigner();
    await openTab('mobile', '联动');
    let value = await screen.findByTestId('linkage-valueFn');
    await choose(within(value).getByTestId('value-from'), '字段的值');
    await choose(within(value).getByTestId('value-field'), '客户名称');
    await waitFor(() => expect(draft()).toContain('"valueFn":"name"'));

    await openTab('name', '联动');
    value = await screen.findByTestId('linkage-valueFn');
    await choose(within(value).getByTestId('value-from'), '字段的值');
    await choose(within(value).getByTestId('value-field'), '手机号');
    await within(value).findByText('联动形成了循环：name → mobile → name，请去掉其中一个联动');
    expect(draft()).not.toContain('"valueFn":"mobile"');
  });
});

describe('the options tab', () => {
  it('picks a dictionary of the app, with a preview of its items', async () => {
    renderDesigner();
    await openTab('industry', '选项');
    fireEvent.click(screen.getByText('数据字典'));
    await choose(await screen.findByTestId('dict-picker'), '行业 · industry');
    const preview = await screen.findByTestId('dict-preview');
    await within(preview).findByText('信息技术');
    expect(within(preview).getByText('预览（2 项）')).toBeTruthy();
    await waitFor(() => expect(draft()).toContain('"url":"dict/industry"'));
  });

  it('tells a dictionary that no longer exists, on the tab and on the canvas', async () => {
    const schema = structuredClone(customerPage) as { body: { fields: Record<string, unknown>[] }[] };
    schema.body[0].fields.find((field) => field.key === 'level')!.dictApi = { url: 'dict/gone' };
    renderDesigner(schema);
    await waitFor(() => expect(fieldOnCanvas('level')?.className).toContain('invalid'));
    await openTab('level', '选项');
    await screen.findByText('数据字典“gone”已不存在，请重新选择');
  });
});

describe('the auto-number tab', () => {
  it('adds parts and shows a sample number', async () => {
    renderDesigner();
    await openTab('name', '自动编号');
    fireEvent.click(await screen.findByTestId('add-auto-number-part'));
    await screen.findByText('示例：NO');
    fireEvent.click(screen.getByTestId('add-auto-number-part'));
    await screen.findByText('示例：NO7777');
    await waitFor(() =>
      expect(draft()).toContain('"auto_no_rule":[{"type":"text","value":"NO"},{"type":"random","digits":4}]'),
    );
  });
});

const draftField = (key: string) =>
  (
    JSON.parse(localStorage.getItem('tessera.designer.demo.m1') ?? '{"schema":{"body":[{"fields":[]}]}}') as {
      schema: { body: { fields: Record<string, unknown>[] }[] };
    }
  ).schema.body[0].fields.find((field) => field.key === key) ?? {};
const listOnCanvas = () => document.querySelector('.tessera-designer-node[data-node-type="list"]') as HTMLElement;

describe('the list page tab', () => {
  it('sets search fields, a column’s width, fixed side and sorter, the default sort, the page size and the views', async () => {
    renderDesigner();
    await waitFor(() => expect(listOnCanvas()).toBeTruthy());
    fireEvent.click(listOnCanvas());
    fireEvent.click(await screen.findByRole('tab', { name: '列表页' }));
    const search = await screen.findByTestId('list-search');
    fireEvent.click(within(search).getByLabelText('备注'));
    await waitFor(() => expect(draftField('remark').search).toBe(true));

    const columns = screen.getAllByTestId('list-column');
    const mobile = columns.find((row) => row.textContent?.includes('手机号'))!;
    fireEvent.change(mobile.querySelector('input.ant-input-number-input')!, { target: { value: '160' } });
    await choose(mobile.querySelectorAll('.ant-select')[0] as HTMLElement, '左侧');
    fireEvent.click(mobile.querySelector('.ant-switch')!);
    await waitFor(() => expect(draft()).toContain('"column":{"width":160,"fixed":"left","sortable":true}'));
    // order: 手机号 moves up before 客户名称
    fireEvent.click(within(mobile).getByLabelText('上移'));
    await waitFor(() => expect(screen.getAllByTestId('list-column')[0].textContent).toContain('手机号'));

    await choose(screen.getByTestId('list-sort-key'), '授信额度');
    await waitFor(() => expect(draft()).toContain('"sorts":[{"key":"credit_limit","order":"asc"}]'));
    fireEvent.change(within(screen.getByTestId('list-sort')).getByPlaceholderText('10'), { target: { value: '20' } });
    await waitFor(() => expect(draft()).toContain('"pageSize":20'));
    const views = screen.getByTestId('list-views');
    fireEvent.click(within(views).getByLabelText('甘特图'));
    await waitFor(() => expect(draft()).toContain('"views":["table","card"]'));
  });

  it('sets a column’s display format fitting its widget, with a sample, and the preview list shows it', async () => {
    renderDesigner();
    await waitFor(() => expect(listOnCanvas()).toBeTruthy());
    fireEvent.click(listOnCanvas());
    fireEvent.click(await screen.findByRole('tab', { name: '列表页' }));
    const row = (title: string) => screen.getAllByTestId('list-column').find((r) => r.textContent?.includes(title))!;
    // A number: decimals, thousands, currency.
    fireEvent.click(within(row('授信额度')).getByTestId('column-format-button'));
    const number = await screen.findByTestId('column-format');
    expect(within(number).queryByTestId('format-pattern')).toBeNull();
    fireEvent.change(within(number).getByTestId('format-precision').querySelector('input')!, {
      target: { value: '2' },
    });
    fireEvent.click(within(number).getByTestId('format-thousands').querySelector('.ant-switch')!);
    await choose(within(number).getByTestId('format-currency'), '¥');
    await waitFor(() =>
      expect(draftField('credit_limit').column).toEqual({ format: { precision: 2, thousands: true, currency: '¥' } }),
    );
    expect(within(number).getByTestId('format-sample').textContent).toBe('示例：¥1,234,567.89');
    expect(within(row('授信额度')).getByTestId('column-format-button').textContent).toContain('已设格式');
    // A date: a pattern, and no number controls.
    fireEvent.click(within(row('签约日期')).getByTestId('column-format-button'));
    const date = await waitFor(() => {
      const found = screen.getAllByTestId('column-format').find((el) => within(el).queryByTestId('format-pattern'));
      expect(found).toBeTruthy();
      return found!;
    });
    expect(within(date).queryByTestId('format-precision')).toBeNull();
    fireEvent.change(within(date).getByTestId('format-pattern').querySelector('input')!, {
      target: { value: 'YYYY年MM月DD日' },
    });
    await waitFor(() => expect(draftField('signed_at').column).toEqual({ format: { pattern: 'YYYY年MM月DD日' } }));
    expect(within(date).getByTestId('format-sample').textContent).toBe('示例：2026年05月31日');

    fireEvent.click(screen.getByRole('button', { name: '预 览' }));
    const preview = await screen.findByTestId('preview');
    fireEvent.click(within(screen.getByTestId('preview-modes')).getByText('列表页'));
    await waitFor(() => expect(preview.querySelectorAll('.ant-table-row').length).toBe(3));
    expect(preview.textContent).toMatch(/¥[\d,]+\.\d{2}/);
    expect(preview.textContent).toMatch(/\d{4}年\d{2}月\d{2}日/);
  }, 120_000);
});

describe('the preview', () => {
  it('shows the form in add, edit, copy and detail modes with sample data, and the list page', async () => {
    renderDesigner();
    await waitFor(() => expect(fieldOnCanvas('name')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: '预 览' }));
    const preview = await screen.findByTestId('preview');
    expect(preview.getAttribute('data-mode')).toBe('add');
    expect((within(preview).getByLabelText('客户名称') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByText('编辑'));
    await waitFor(() =>
      expect((within(preview).getByLabelText('客户名称') as HTMLInputElement).value).toBe('示例客户名称1'),
    );
    fireEvent.click(screen.getByText('详情'));
    await waitFor(() => expect(preview.querySelector('input')).toBeNull());
    expect(preview.textContent).toContain('示例客户名称1');
    fireEvent.click(within(screen.getByTestId('preview-modes')).getByText('列表页'));
    await waitFor(() => expect(preview.querySelectorAll('.ant-table-row').length).toBe(3));
    expect(preview.textContent).toContain('示例客户名称3');
  });
});
