import { describe, expect, it } from 'vitest';
import { translate } from '../../protocol/messages';
import { createMemoryProvider } from '../core/data/memory';
import { actionTypes, getAction } from '../core/registry';
import '../definitions';
import { validatePage } from '../core/schema/ajv';
import { LATEST_SCHEMA_VERSION } from '../core/migrate';
import { runAction, type ActionContext, type ActionHost, type ActionUi } from './index';
import { greeted } from './test-fixtures/greet';

function fakeUi(answer = true) {
  const log: string[] = [];
  const ui: ActionUi = {
    lang: 'zh',
    t: (key, vars) => translate('zh', key, vars),
    success: (text) => log.push(`success:${text}`),
    warning: (text) => log.push(`warning:${text}`),
    confirm: async () => answer,
  };
  return { ui, log };
}

function recordingHost(extra: Partial<ActionHost> = {}) {
  const did: string[] = [];
  const host: ActionHost = {
    openRecord: (mode, id) => did.push(`record:${mode}:${id ?? ''}`),
    openDialog: (name) => did.push(`dialog:${name}`),
    after: (ids) => void did.push(`after:${ids.join(',')}`),
    refresh: () => void did.push('refresh'),
    navigate: (url, newTab) => did.push(`navigate:${url}:${newTab}`),
    selectedIds: [],
    exportableCount: 3,
    ...extra,
  };
  return { host, did };
}

const ctx = (host: ActionHost, ui: ActionUi, more: Partial<ActionContext> = {}): ActionContext => ({
  ui,
  host,
  params: {},
  ...more,
});

describe('the built-in actions are registered with a title and run', () => {
  it('registers every action of the issue', () => {
    const expected = ['add', 'edit', 'copy', 'detail', 'submit', 'delete', 'batchDelete', 'export', 'import'];
    const more = ['download', 'navigate', 'openDialog', 'callApi', 'refresh', 'columns'];
    expect(actionTypes()).toEqual(expect.arrayContaining([...expected, ...more]));
    for (const type of [...expected, ...more]) {
      expect(getAction(type)?.run, type).toBeTypeOf('function');
      expect(getAction(type)?.title?.zh, type).toBeTruthy();
    }
  });

  it('add / edit / copy / detail open the record in their mode', async () => {
    const { ui } = fakeUi();
    const { host, did } = recordingHost();
    await runAction('add', ctx(host, ui));
    for (const mode of ['edit', 'copy', 'detail']) await runAction(mode, ctx(host, ui, { id: 'c1' }));
    expect(did).toEqual(['record:add:', 'record:edit:c1', 'record:copy:c1', 'record:detail:c1']);
  });

  it('delete confirms, removes the row and tells the screen', async () => {
    const provider = createMemoryProvider({ rows: [{ id: 'c1', name: 'A' }], columns: ['id', 'name'] });
    expect((await provider.get('c1')).data).toMatchObject({ name: 'A' });
    const { ui, log } = fakeUi(true);
    const { host, did } = recordingHost();
    expect(await runAction('delete', ctx(host, ui, { provider, id: 'c1' }))).toBe(true);
    expect(did).toEqual(['after:c1']);
    expect(log).toEqual(['success:删除成功']);
    expect((await provider.get('c1')).message).toBe('Not found');
  });

  it('batch delete without a selection warns and removes nothing', async () => {
    const provider = createMemoryProvider({ rows: [{ id: 'c1' }], columns: ['id'] });
    const { ui, log } = fakeUi();
    const { host, did } = recordingHost({ selectedIds: [] });
    expect(await runAction('batchDelete', ctx(host, ui, { provider }))).toBe(false);
    expect(log).toEqual(['warning:请选择要删除的数据']);
    expect(did).toEqual([]);
  });

  it('export opens its dialog, or says 请配置导出列 when no column may be exported', async () => {
    const { ui, log } = fakeUi();
    await runAction('export', ctx(recordingHost().host, ui));
    const none = recordingHost({ exportableCount: 0 });
    await runAction('export', ctx(none.host, ui));
    expect(none.did).toEqual([]);
    expect(log).toEqual(['warning:请配置导出列']);
  });

  it('navigate follows http(s) and site-relative addresses only', async () => {
    const { ui, log } = fakeUi();
    const { host, did } = recordingHost();
    await runAction('navigate', ctx(host, ui, { params: { url: '/app/orders' } }));
    await runAction('navigate', ctx(host, ui, { params: { url: 'https://example.com/a' } }));
    await runAction('navigate', ctx(host, ui, { params: { url: 'javascript:alert(1)' } }));
    await runAction('navigate', ctx(host, ui, { params: { url: '//evil.example' } }));
    expect(did).toEqual(['navigate:/app/orders:false', 'navigate:https://example.com/a:true']);
    expect(log).toEqual(['warning:链接地址不安全或无效', 'warning:链接地址不安全或无效']);
  });

  it('openDialog and refresh ask the screen; a screen without the capability gets a warning', async () => {
    const { ui, log } = fakeUi();
    const { host, did } = recordingHost();
    await runAction('openDialog', ctx(host, ui, { params: { dialog: 'import' } }));
    await runAction('refresh', ctx(host, ui));
    await runAction('refresh', ctx({}, ui));
    expect(did).toEqual(['dialog:import', 'refresh']);
    expect(log).toEqual(['warning:此处不支持该操作']);
  });

  it('callApi sends the row id through the app client, then refreshes; a failure shows the message', async () => {
    const sent: unknown[] = [];
    let answer = { code: 200, message: 'ok', data: null };
    const request = (async (options: unknown) => (sent.push(options), answer)) as ActionHost['request'];
    const { ui, log } = fakeUi();
    const { host, did } = recordingHost({ request });
    const params = { url: 'common/customer/approve', body: { level: 2 } };
    expect(await runAction('callApi', ctx(host, ui, { id: 'c1', params }))).toBe(true);
    expect(sent).toEqual([{ method: 'POST', url: 'common/customer/approve', body: { level: 2, ids: ['c1'] } }]);
    expect(did).toEqual(['refresh']);
    answer = { code: 'P4001', message: '无权操作', data: null } as never;
    expect(await runAction('callApi', ctx(host, ui, { id: 'c1', params }))).toBe(false);
    expect(log).toEqual(['success:操作成功', 'warning:无权操作']);
  });

  it('callApi with showResult shows the answer (message and sample) and refreshes nothing', async () => {
    const answer = {
      code: '200',
      message: 'HTTP 200，耗时 12 毫秒，3 行',
      data: { status: 200, sample: '{"rows":[]}' },
    };
    const request = (async () => answer) as ActionHost['request'];
    const shown: unknown[] = [];
    const { ui, log } = fakeUi();
    ui.showSecret = (options) => void shown.push(options);
    const { host, did } = recordingHost({ request });
    const params = { url: 'apiSources/test', showResult: true };
    expect(await runAction('callApi', ctx(host, ui, { id: 's1', params }))).toBe(true);
    expect(shown).toEqual([{ title: 'HTTP 200，耗时 12 毫秒，3 行', content: '响应示例', secret: '{"rows":[]}' }]);
    expect(did).toEqual([]);
    expect(log).toEqual([]);
  });

  it('an unknown action name warns and does nothing', async () => {
    const { ui, log } = fakeUi();
    expect(await runAction('noSuchAction', ctx(recordingHost().host, ui))).toBeUndefined();
    expect(log).toEqual(['warning:未知的操作：noSuchAction']);
  });
});

describe('an action added in one file is usable from schema JSON', () => {
  const page = (buttons: unknown[]) => ({
    schemaVersion: LATEST_SCHEMA_VERSION,
    type: 'page',
    body: [
      {
        type: 'list',
        dataSource: { kind: 'STATIC', data: [] },
        fields: [{ id: 'f_name', key: 'name', title: '名称', type: 'input' }],
        buttons,
      },
    ],
  });

  it('validates a button naming it, runs it with its params', async () => {
    expect(validatePage(page([{ action: 'greet', params: { who: 'Ada' }, row: true }])).errors).toEqual([]);
    const { ui, log } = fakeUi();
    await runAction('greet', ctx({}, ui, { id: 'c7', params: { who: 'Ada' } }));
    expect(greeted).toEqual([{ who: 'Ada', id: 'c7' }]);
    expect(log).toEqual(['success:hello Ada']);
  });

  it('refuses an unknown action name at its pointer', () => {
    const result = validatePage(page([{ action: 'greet', params: { who: 'x' } }, { action: 'launchRockets' }]));
    expect(result.valid).toBe(false);
    expect(result.errors.map((e) => e.path)).toContain('/body/0/buttons/1/action');
  });

  it('refuses params the action does not accept, and missing required params', () => {
    const wrong = validatePage(page([{ action: 'greet', params: { whom: 'x' } }]));
    expect(wrong.valid).toBe(false);
    expect(wrong.errors.some((e) => e.path.startsWith('/body/0/buttons/0/params'))).toBe(true);
    expect(validatePage(page([{ action: 'navigate' }])).valid).toBe(false);
    expect(validatePage(page([{ action: 'navigate', params: { url: 'javascript:alert(1)' } }])).valid).toBe(false);
    expect(validatePage(page([{ action: 'refresh', title: { zh: '刷新', en: 'Refresh' } }])).errors).toEqual([]);
  });
});
