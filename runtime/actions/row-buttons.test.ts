/**
 * Row buttons that act on their row (the module admin page's 打开设计器, 导出, 删除, 恢复): row
 * placeholders in openRoute and download, callApi's own confirm text, and hiddenFn per row.
 */
import { describe, expect, it } from 'vitest';
import { translate } from '../../protocol/messages';
import '../definitions';
import { validatePage } from '../core/schema/ajv';
import { LATEST_SCHEMA_VERSION } from '../core/migrate';
import { hiddenOnRow } from '../nodes/list/ListTable';
import { runAction, type ActionContext, type ActionHost, type ActionUi } from './index';
import { rowFileName, rowPath } from './row-template';

function fakeUi(answer = true) {
  const log: string[] = [];
  const ui: ActionUi = {
    lang: 'en',
    t: (key, vars) => translate('zh', key, vars),
    success: (text) => log.push(`success:${text}`),
    warning: (text) => log.push(`warning:${text}`),
    confirm: async ({ title }) => (log.push(`confirm:${title}`), answer),
  };
  return { ui, log };
}

const ctx = (host: ActionHost, ui: ActionUi, more: Partial<ActionContext> = {}): ActionContext => ({
  ui,
  host,
  params: {},
  ...more,
});

describe('row placeholders', () => {
  it('fill a path with encoded row values, a file name without separators', () => {
    const row = { id: 'a/b', table_name: 'orders' };
    expect(rowPath('modules/{id}/export', { row, id: 'a/b' })).toBe('modules/a%2Fb/export');
    expect(rowFileName('{table_name}.json', { row: { table_name: '../x' } })).toBe('.._x.json');
    expect(rowPath('modules/{missing}', { row })).toBeUndefined();
    expect(rowPath('modules/list', {})).toBe('modules/list');
  });
});

describe('openRoute, download and callApi on a row', () => {
  it('openRoute asks the host for the app route with the row id; no host or no id warns', async () => {
    const { ui, log } = fakeUi();
    const routes: string[] = [];
    const params = { route: 'design/{id}' };
    await runAction('openRoute', ctx({ openRoute: (r) => routes.push(r) }, ui, { id: 'm 1', params }));
    await runAction('openRoute', ctx({ openRoute: (r) => routes.push(r) }, ui, { params }));
    await runAction('openRoute', ctx({}, ui, { id: 'm1', params }));
    expect(routes).toEqual(['design/m%201']);
    expect(log).toEqual(['warning:此处不支持该操作', 'warning:此处不支持该操作']);
  });

  it('openRoute adds address parameters and the opened list’s search from the row, encoded', async () => {
    const { ui, log } = fakeUi();
    const routes: string[] = [];
    const params = { route: 'dict', query: { tab: 'items' }, search: { dict_code: '{code}' } };
    const host = { openRoute: (r: string) => routes.push(r) };
    await runAction('openRoute', ctx(host, ui, { id: 't1', row: { code: 'level&x=1' }, params }));
    await runAction('openRoute', ctx(host, ui, { id: 't2', row: {}, params }));
    expect(routes).toEqual([`dict?tab=items&q=${encodeURIComponent(JSON.stringify({ dict_code: 'level&x=1' }))}`]);
    expect(new URLSearchParams(routes[0]!.split('?')[1]).get('q')).toBe('{"dict_code":"level&x=1"}');
    expect(log).toEqual(['warning:此处不支持该操作']);
  });

  it('download fetches the row’s url and saves it under the row’s file name', async () => {
    const { ui } = fakeUi();
    const asked: unknown[] = [];
    const saved: string[] = [];
    const request = (async (options: unknown) => (
      asked.push(options),
      { code: 200, message: '', data: new Blob(['{}']) }
    )) as ActionHost['request'];
    const host: ActionHost = { request, save: (_blob, name) => saved.push(name) };
    const params = { url: 'modules/{id}/export', fileName: '{table_name}.tessera-module.json' };
    expect(await runAction('download', ctx(host, ui, { id: 'm1', row: { table_name: 'orders' }, params }))).toBe(true);
    expect(asked).toEqual([{ method: 'GET', url: 'modules/m1/export', responseType: 'blob' }]);
    expect(saved).toEqual(['orders.tessera-module.json']);
  });

  it('callApi asks its own question in the user’s language and stops on No', async () => {
    const sent: unknown[] = [];
    const request = (async (options: unknown) => (
      sent.push(options),
      { code: 200, message: 'ok', data: null }
    )) as ActionHost['request'];
    const params = { url: 'modules/restore', confirmText: { zh: '恢复该模块？', en: 'Restore this module?' } };
    const no = fakeUi(false);
    expect(await runAction('callApi', ctx({ request }, no.ui, { id: 'm1', params }))).toBe(false);
    expect(no.log).toEqual(['confirm:Restore this module?']);
    expect(sent).toEqual([]);
    const yes = fakeUi(true);
    expect(await runAction('callApi', ctx({ request }, yes.ui, { id: 'm1', params }))).toBe(true);
    expect(sent).toEqual([{ method: 'POST', url: 'modules/restore', body: { ids: ['m1'] } }]);
  });
});

describe('hiddenFn on a row button', () => {
  it('hides the button where the expression holds; a broken one leaves it shown', () => {
    const button = { action: 'callApi', hiddenFn: 'is_deleted === 1' };
    expect(hiddenOnRow(button, { is_deleted: 1 })).toBe(true);
    expect(hiddenOnRow(button, { is_deleted: 0 })).toBe(false);
    expect(hiddenOnRow({ action: 'refresh', hiddenFn: 'nope(' }, {})).toBe(false);
    expect(hiddenOnRow({ action: 'refresh' }, { is_deleted: 1 })).toBe(false);
  });

  it('is checked as an expression by the meta-schema', () => {
    const page = (hiddenFn: string) => ({
      schemaVersion: LATEST_SCHEMA_VERSION,
      type: 'page',
      body: [
        {
          type: 'list',
          dataSource: { kind: 'STATIC', data: [] },
          fields: [{ id: 'f_name', key: 'name', title: '名称', type: 'input' }],
          buttons: [{ action: 'openRoute', row: true, params: { route: 'design/{id}' }, hiddenFn }],
        },
      ],
    });
    expect(validatePage(page('is_deleted === 1')).errors).toEqual([]);
    expect(validatePage(page('constructor.constructor(1)')).valid).toBe(false);
  });
});
