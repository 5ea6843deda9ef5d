// @vitest-environment happy-dom
import '../../../tests/dom-setup';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { button, hasButton } from '../../nodes/list/dom-helpers';
import { SideDrawer } from './SideDrawer';

describe('<SideDrawer>', () => {
  it('shows the title and content with 关闭 / 确定; each calls its handler', () => {
    const events: string[] = [];
    render(
      <SideDrawer open title="客户详情" onClose={() => events.push('close')} onOk={() => void events.push('ok')}>
        <p>内容</p>
      </SideDrawer>,
    );
    expect(screen.getByText('客户详情')).toBeTruthy();
    expect(screen.getByText('内容')).toBeTruthy();
    fireEvent.click(button('确定'));
    fireEvent.click(button('关闭'));
    expect(events).toEqual(['ok', 'close']);
  });

  it('a pending onOk runs once however often 确定 is clicked', async () => {
    let calls = 0;
    let finish!: () => void;
    render(
      <SideDrawer
        open
        title="T"
        onClose={() => undefined}
        onOk={() => {
          calls++;
          return new Promise<void>((resolve) => (finish = resolve));
        }}
      />,
    );
    fireEvent.click(button('确定'));
    fireEvent.click(button('确定'));
    expect(calls).toBe(1);
    await act(async () => finish());
    await waitFor(() => expect(button('确定').className).not.toContain('loading'));
    fireEvent.click(button('确定'));
    expect(calls).toBe(2);
  });

  it('read-only without onOk; English texts', () => {
    render(<SideDrawer open title="T" lang="en" onClose={() => undefined} />);
    expect(hasButton('Close')).toBe(true);
    expect(hasButton('OK')).toBe(false);
  });
});
