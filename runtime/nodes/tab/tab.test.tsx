// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { PageSchema } from '../../../protocol/page-schema';
import { createMemoryRequest } from '../../core/data/memory-request';
import { META, validateWith } from '../../core/schema/ajv';
import { RuntimeProvider } from '../../react/context';
import { createRuntimeValue } from '../../react/create-runtime';
import { PageQueryProvider, type PageQuery } from '../../react/page-query';
import { PageRenderer } from '../../react/PageRenderer';
import { preloadNodes, preloadWidgets } from '../../react/bindings';
import '../../widgets/components';
import { registerPaneCondition } from './pane-conditions';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../nodes/components';
import '../../definitions';

await Promise.all([preloadWidgets(), preloadNodes()]);

const pane = (key: string, title: string, extra: Record<string, unknown> = {}) => ({
  key,
  title,
  ...extra,
  children: [{ key: `${key.replace(/-/g, '_')}_field`, title: `${title}字段`, type: 'input' }],
});

const schema = (
  props: Record<string, unknown>,
  panes = [pane('base', '基本信息'), pane('change-password', '修改密码')],
) => ({ schemaVersion: 1, type: 'page', body: [{ type: 'tab', key: 'tabs', props, children: panes }] }) as PageSchema;

/** A page address held in a plain object, as a router would hold it. */
function addressOf(initial: Record<string, string>) {
  const state = { ...initial };
  const sets: [string, string][] = [];
  const query: PageQuery = {
    get: (name) => state[name] ?? null,
    set: (name, value) => {
      sets.push([name, value]);
      state[name] = value;
    },
  };
  return { state, sets, query };
}

function renderTabs(page: PageSchema, query?: PageQuery) {
  const runtime = createRuntimeValue({ request: createMemoryRequest({ tables: {} }).request, lang: 'zh' });
  const tree = (q?: PageQuery) => (
    <RuntimeProvider value={runtime}>
      <PageQueryProvider value={q ?? null}>
        <PageRenderer schema={page} />
      </PageQueryProvider>
    </RuntimeProvider>
  );
  const view = render(tree(query));
  return { ...view, rerenderWith: (q: PageQuery) => view.rerender(tree(q)) };
}

const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;
const tabLabels = () => [...document.querySelectorAll('.ant-tabs-tab')].map((tab) => tab.textContent);
let unregister = () => {};
afterEach(() => unregister());

describe('tab node: the open pane in the page address, host conditions, fresh panes', () => {
  it('opens the pane the query names (first when missing or unknown) and writes the query on a switch', async () => {
    const address = addressOf({ tab: 'change-password' });
    const { rerenderWith } = renderTabs(schema({ query: 'tab' }), address.query);
    expect(activeTab()).toBe('修改密码');
    fireEvent.click(screen.getByText('基本信息'));
    expect(address.sets).toEqual([['tab', 'base']]);
    // The host answers with its new address: the tab follows it (a link to ?tab=change-password too).
    rerenderWith({ ...address.query, get: () => 'base' });
    await waitFor(() => expect(activeTab()).toBe('基本信息'));
    rerenderWith({ ...address.query, get: () => 'nonsense' });
    await waitFor(() => expect(activeTab()).toBe('基本信息'));
  });

  it('without a page address the tabs switch on their own', async () => {
    renderTabs(schema({ query: 'tab' }));
    expect(activeTab()).toBe('基本信息');
    fireEvent.click(screen.getByText('修改密码'));
    await waitFor(() => expect(activeTab()).toBe('修改密码'));
  });

  it('a pane with showIf shows only while the host condition holds; an unknown condition hides it', () => {
    const panes = [pane('base', '基本信息'), pane('recharge', '充值', { showIf: 'test.recharge' })];
    const first = renderTabs(schema({}, panes));
    expect(tabLabels()).toEqual(['基本信息']);
    first.unmount();
    let selling = true;
    unregister = registerPaneCondition('test.recharge', () => selling);
    const second = renderTabs(schema({}, panes));
    expect(tabLabels()).toEqual(['基本信息', '充值']);
    second.unmount();
    selling = false;
    renderTabs(schema({}, panes));
    expect(tabLabels()).toEqual(['基本信息']);
  });

  it('destroyInactive: a pane left is unmounted, so it opens afresh', async () => {
    const field = () => document.querySelector<HTMLInputElement>('.ant-tabs-tabpane-active input');
    // Each pane holds a form node (its own form, as the personal center's panes do).
    const formPane = (key: string, title: string) => ({
      key,
      title,
      children: [{ type: 'form', key, submit: { url: 'x/send' }, fields: [{ key: 'a', title: 'A', type: 'input' }] }],
    });
    renderTabs(
      schema({ destroyInactive: true }, [formPane('base', '基本信息'), formPane('other', '修改密码')] as never),
    );
    await waitFor(() => expect(field()).toBeTruthy());
    fireEvent.change(field()!, { target: { value: '写了一半' } });
    fireEvent.click(screen.getByText('修改密码'));
    await waitFor(() => expect(activeTab()).toBe('修改密码'));
    // Once the new pane's input is there (widgets load on first use), it is the only one: the pane left is gone.
    await waitFor(() => expect(field()).toBeTruthy());
    expect(document.querySelectorAll('.ant-tabs-tabpane input')).toHaveLength(1);
    fireEvent.click(screen.getByText('基本信息'));
    await waitFor(() => expect(field()!.value).toBe(''));
  });

  it('the meta-schema: pane keys may hold a dash (an address value); query and showIf are plain names', () => {
    const valid = (props: Record<string, unknown>, panes?: ReturnType<typeof pane>[]) =>
      validateWith(META.page, schema(props, panes)).valid;
    expect(valid({ query: 'tab', destroyInactive: true })).toBe(true);
    expect(valid({ query: 'tab&x=1' })).toBe(false);
    expect(valid({}, [pane('base', 'B', { showIf: 'shell.recharge' })])).toBe(true);
    expect(valid({}, [pane('base', 'B', { showIf: 'alert(1)' })])).toBe(false);
    expect(valid({}, [pane('1base', 'B')])).toBe(false);
  });
});
