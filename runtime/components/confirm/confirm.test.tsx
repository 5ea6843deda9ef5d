// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { act, fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, findConfirm } from '../../nodes/list/dom-helpers';
import { useConfirm, type ConfirmApi } from './confirm';

function setup(lang?: 'zh' | 'en') {
  const ref: { api?: ConfirmApi } = {};
  function Host() {
    const [api, holder] = useConfirm(lang);
    ref.api = api;
    return <>{holder}</>;
  }
  render(<Host />);
  return ref;
}

describe('useConfirm', () => {
  it('confirmDelete shows the spec texts and resolves true on 确定', async () => {
    const ref = setup();
    let answer: Promise<boolean> | undefined;
    act(() => void (answer = ref.api!.confirmDelete()));
    const dialog = await findConfirm();
    expect(dialog.textContent).toContain('确认删除？');
    expect(dialog.textContent).toContain('删除后不可恢复，请谨慎操作');
    const ok = button('确定', dialog);
    expect(ok.className).toContain('dangerous');
    fireEvent.click(ok);
    await expect(answer).resolves.toBe(true);
  });

  it('resolves false on 取消, with the caller’s texts and the language', async () => {
    const ref = setup('en');
    let answer: Promise<boolean> | undefined;
    act(() => void (answer = ref.api!.confirm({ title: 'Archive?', content: 'It moves to the archive.' })));
    const dialog = await findConfirm();
    expect(dialog.textContent).toContain('Archive?');
    expect(button('OK', dialog).className).not.toContain('dangerous');
    fireEvent.click(button('Cancel', dialog));
    await expect(answer).resolves.toBe(false);
  });
});
