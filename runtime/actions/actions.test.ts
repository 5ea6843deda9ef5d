import { describe, expect, it } from 'vitest';
import { translate } from '../../protocol/messages';
import type { FieldDefinition } from '../../protocol/page-schema';
import { createMemoryProvider } from '../core/data/memory';
import { unsupported } from '../core/data/errors';
import type { DataProvider } from '../core/data/provider';
import { getAction } from '../core/registry';
import {
  copyOf,
  deleteRecord,
  deleteSelected,
  failureMessage,
  loadFailureMessage,
  recordAction,
  recordModeOf,
  saveRecord,
  thrownMessage,
  type ActionUi,
} from './index';

const fields: FieldDefinition[] = [
  { key: 'name', title: { zh: '客户名称', en: 'Name' }, type: 'input', unique: true },
  { key: 'short_name', title: '简称', type: 'input', unique: true },
  { key: 'code', title: '编码', type: 'input' },
];

function fakeUi(answer = true) {
  const log: string[] = [];
  const ui: ActionUi = {
    lang: 'zh',
    t: (key, vars) => translate('zh', key, vars),
    success: (text) => log.push(`success:${text}`),
    warning: (text) => log.push(`warning:${text}`),
    confirm: async ({ title, content }) => {
      log.push(`confirm:${title}|${content}`);
      return answer;
    },
  };
  return { ui, log };
}

describe('failureMessage (building-blocks §8)', () => {
  const dup = (message: string) => failureMessage({ code: 'P5003', message }, fields, 'zh');
  it('names the unique field of a duplicate', () => {
    expect(dup("Duplicate entry 'Acme' for key 'customer.name'")).toBe('客户名称已存在，请更换数据');
    expect(dup("Duplicate entry 'AC' for key 'uk_customer_short_name'")).toBe('简称已存在，请更换数据');
    expect(dup('Duplicate entry: Key (name)=(Acme) already exists.')).toBe('客户名称已存在，请更换数据');
    expect(failureMessage({ code: 'P5003', message: "Duplicate entry 'Acme' for key 'name'" }, fields, 'en')).toBe(
      'Name already exists, please use another value',
    );
  });
  it('reports the value of a duplicate on a field that is not unique', () => {
    expect(dup("Duplicate entry 'X-1' for key 'customer.code'")).toBe('数据X-1重复，请检查数据');
    expect(dup('Duplicate entry')).toBe('数据重复，请检查数据');
  });
  it('maps other P5003 to a generic message and passes other codes through', () => {
    expect(dup('Deadlock found')).toBe('数据操作错误，请联系管理员');
    expect(failureMessage({ code: 'P4003', message: '没有权限访问该资源' }, fields, 'zh')).toBe('没有权限访问该资源');
    expect(failureMessage({ code: 'P4000', message: '' }, fields, 'zh')).toBe('系统异常，请稍后再试');
    expect(loadFailureMessage({ code: 'P5003', message: "Table 'x.customer' doesn't exist" }, 'zh')).toBe(
      '数据表不存在，请联系管理员',
    );
  });
  it('shows thrown errors, translating data-source ones', () => {
    expect(thrownMessage(new Error('Failed to fetch'), 'zh')).toBe('Failed to fetch');
    expect(thrownMessage(unsupported('x'), 'zh')).toBe('该数据源不支持此操作');
    expect(thrownMessage('weird', 'en')).toBe('Cannot reach the system, please contact the administrator');
  });
});

describe('record actions', () => {
  it('registers every action type', () => {
    for (const type of ['add', 'edit', 'copy', 'detail', 'submit', 'delete', 'batchDelete'])
      expect(getAction(type)?.type).toBe(type);
  });
  it('parses modes by name and code', () => {
    expect([0, 1, 2, 3, '2', 'DETAIL', 'nope', 9].map(recordModeOf)).toEqual([
      'add',
      'edit',
      'copy',
      'detail',
      'copy',
      'detail',
      undefined,
      undefined,
    ]);
  });
  it('copy drops the id and audit fields and keeps copyId', async () => {
    const provider = createMemoryProvider({
      rows: [{ id: 'r1', name: 'A', create_by: 'u', create_at: 1, update_by: 'u', update_at: 2 }],
    });
    const outcome = await recordAction('copy').initialValues({ provider, id: 'r1', idKey: 'id' });
    expect(outcome).toEqual({ ok: true, values: { name: 'A', copyId: 'r1' } });
    expect(copyOf({ uid: 'k', id: 'x', v: 1 }, 'uid')).toEqual({ v: 1, copyId: 'k' });
  });
  it('edit and detail load the record, and report a missing one', async () => {
    const provider = createMemoryProvider({ rows: [{ id: 'r1', name: 'A' }] });
    expect(await recordAction('edit').initialValues({ provider, id: 'r1', idKey: 'id' })).toEqual({
      ok: true,
      values: { id: 'r1', name: 'A' },
    });
    expect(await recordAction('detail').initialValues({ provider, id: 'zz', idKey: 'id' })).toMatchObject({
      ok: false,
      result: { code: 'P4004' },
    });
    expect(recordAction('detail').readOnly).toBe(true);
  });
});

describe('saveRecord', () => {
  it('creates without an id and updates with one, with the success messages', async () => {
    const provider = createMemoryProvider({ uniqueKeys: ['name'] });
    const { ui, log } = fakeUi();
    const guard = { busy: false };
    expect(await saveRecord({ provider, values: { name: 'A' }, idKey: 'id', fields, ui, guard })).toBe('created');
    const id = provider.snapshot()[0].id;
    expect(await saveRecord({ provider, values: { id, name: 'B' }, idKey: 'id', fields, ui, guard })).toBe('updated');
    expect(provider.snapshot().map((r) => r.name)).toEqual(['B']);
    expect(await saveRecord({ provider, values: { name: 'B' }, idKey: 'id', fields, ui, guard })).toBe('failed');
    expect(log).toEqual(['success:新增成功', 'success:编辑成功', 'warning:客户名称已存在，请更换数据']);
    expect(guard.busy).toBe(false);
  });

  it('shows a generated initial password from the create answer in a dialog, once', async () => {
    const memory = createMemoryProvider();
    const provider: DataProvider = {
      ...memory,
      create: async () => ({ code: 200, message: 'ok', data: { id: 'u1', initialPassword: 'Abc23456defg' } }),
    };
    const { ui, log } = fakeUi();
    const guard = { busy: false };
    expect(await saveRecord({ provider, values: { name: 'A' }, idKey: 'id', fields, ui, guard })).toBe('created');
    expect(log).toEqual([
      'success:新增成功',
      'confirm:初始密码（仅显示这一次）|系统生成的初始密码：Abc23456defg。请告知该用户，用户首次登录须修改密码。',
    ]);
  });

  it('refuses a second save while one is in flight', async () => {
    const memory = createMemoryProvider();
    let release!: () => void;
    const provider: DataProvider = {
      ...memory,
      create: async (v) => {
        await new Promise<void>((go) => (release = go));
        return memory.create(v);
      },
      update: async () => ({ code: 200, message: 'ok', data: {} }),
    };
    const { ui, log } = fakeUi();
    const guard = { busy: false };
    const first = saveRecord({ provider, values: { name: 'A' }, idKey: 'id', fields, ui, guard });
    expect(await saveRecord({ provider, values: { name: 'A' }, idKey: 'id', fields, ui, guard })).toBe('busy');
    expect(await saveRecord({ provider, values: { id: '1', name: 'A' }, idKey: 'id', fields, ui, guard })).toBe('busy');
    release();
    expect(await first).toBe('created');
    expect(log).toEqual(['warning:正在添加中', 'warning:正在编辑中', 'success:新增成功']);
    expect(memory.snapshot()).toHaveLength(1);
  });

  it('shows a thrown error as a warning and frees the guard', async () => {
    const provider = { ...createMemoryProvider(), create: () => Promise.reject(new Error('network down')) };
    const { ui, log } = fakeUi();
    const guard = { busy: false };
    expect(await saveRecord({ provider, values: {}, idKey: 'id', fields, ui, guard })).toBe('failed');
    expect(log).toEqual(['warning:network down']);
    expect(guard.busy).toBe(false);
  });
});

describe('delete actions', () => {
  it('deletes one row after the confirm, then reports and refreshes', async () => {
    const provider = createMemoryProvider({ rows: [{ id: 'a' }, { id: 'b' }] });
    const { ui, log } = fakeUi();
    const after: string[][] = [];
    expect(await deleteRecord({ provider, id: 'a', ui, after: (ids) => void after.push(ids) })).toBe(true);
    expect(log).toEqual(['confirm:确认删除？|删除后不可恢复，请谨慎操作', 'success:删除成功']);
    expect(after).toEqual([['a']]);
    expect(provider.snapshot().map((r) => r.id)).toEqual(['b']);
  });

  it('changes nothing when the confirm is cancelled or the server refuses', async () => {
    const provider = createMemoryProvider({ rows: [{ id: 'a' }] });
    const cancelled = fakeUi(false);
    expect(await deleteRecord({ provider, id: 'a', ui: cancelled.ui, after: () => {} })).toBe(false);
    expect(provider.snapshot()).toHaveLength(1);
    const refused = fakeUi();
    expect(await deleteRecord({ provider, id: 'zz', ui: refused.ui, after: () => {} })).toBe(false);
    expect(refused.log.at(-1)).toBe('warning:Not found');
  });

  it('batch delete needs a selection and deletes all selected in one call', async () => {
    const provider = createMemoryProvider({ rows: [{ id: 'a' }, { id: 'b' }, { id: 'c' }] });
    const { ui, log } = fakeUi();
    expect(await deleteSelected({ provider, ids: [], ui, after: () => {} })).toBe(false);
    expect(log).toEqual(['warning:请选择要删除的数据']);
    expect(await deleteSelected({ provider, ids: ['a', 'c'], ui, after: () => {} })).toBe(true);
    expect(provider.snapshot().map((r) => r.id)).toEqual(['b']);
    expect(log.at(-1)).toBe('success:删除成功');
  });
});
