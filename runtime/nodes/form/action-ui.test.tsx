// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { RequestFn } from '../../../protocol/http';
import type { ActionUi } from '../../actions/types';
import { RuntimeProvider } from '../../react/context';
import { createRuntimeValue } from '../../react/create-runtime';
import { useActionUi, type LastingNotice } from './action-ui';

// The first use fetches the antd part: a cold import under test can take longer than findBy's 1 s.
const ARRIVAL = { timeout: 5000 };
const request = (async () => ({ code: 'P4004', message: 'offline', data: null })) as RequestFn;
let ui!: ActionUi;
let notice!: LastingNotice;

function Host() {
  const [actionUi, holder, lasting] = useActionUi();
  ui = actionUi;
  notice = lasting;
  return <div data-testid="host">{holder}</div>;
}

function mount() {
  return render(
    <RuntimeProvider value={createRuntimeValue({ request, lang: 'zh', user: { id: 'u', roleIds: [] } })}>
      <Host />
    </RuntimeProvider>,
  );
}

describe('useActionUi (antd part mounted on first use)', () => {
  afterEach(cleanup);

  it('renders nothing of antd until asked, then shows a notice asked for before it arrived', async () => {
    mount();
    expect(screen.getByTestId('host').childElementCount).toBe(0);
    act(() => ui.success('保存成功'));
    expect(await screen.findByText('保存成功', {}, ARRIVAL)).toBeTruthy();
  });

  it('a confirm asked before the dialog code arrived opens, and answers with the button clicked', async () => {
    mount();
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = ui.confirm({ title: '确认删除?', content: '删除后不可恢复' });
    });
    // antd names the dialog by its title too, so the text shows more than once.
    expect((await screen.findAllByText('确认删除?', {}, ARRIVAL)).length).toBeGreaterThan(0);
    act(() => screen.getByRole('button', { name: /确\s*定/ }).click());
    await expect(answer).resolves.toBe(true);
  });

  it('a lasting notice closed before the code arrived never shows', async () => {
    mount();
    act(() => {
      notice.open('export', '正在导出');
      notice.close('export');
      ui.warning('之后的提示');
    });
    expect(await screen.findByText('之后的提示', {}, ARRIVAL)).toBeTruthy();
    expect(screen.queryByText('正在导出')).toBeNull();
    // Once the code is there, the same notice opens as usual.
    act(() => notice.open('export', '正在导出'));
    expect(await screen.findByText('正在导出')).toBeTruthy();
  });
});
