// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { act, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { lazyComponent } from './lazy-component';

function Greeting({ name }: { name: string }) {
  return <p>你好 {name}</p>;
}

/** A loader the test releases by hand, counting how often it was asked. */
function gate() {
  let release!: () => void;
  const ready = new Promise<void>((resolve) => (release = resolve));
  const state = { calls: 0 };
  const load = async () => {
    state.calls++;
    await ready;
    return Greeting;
  };
  return { load, release, state };
}

/** A widget with state of its own, standing in for an open dropdown. */
function Counter({ label }: { label: string }) {
  const [clicks, setClicks] = useState(0);
  return (
    <button type="button" onClick={() => setClicks((n) => n + 1)}>
      {label}:{clicks}
    </button>
  );
}

describe('lazyComponent', () => {
  it('an instance mounted before its code arrived keeps its state when its props change', async () => {
    const Lazy = lazyComponent(async () => Counter);
    const { rerender } = render(<Lazy label="a" />);
    const button = await screen.findByText('a:0');
    await act(async () => button.click());
    expect(screen.getByText('a:1')).toBeTruthy();
    // A re-render after the code has arrived must not remount the widget: its state (an open
    // tree-select dropdown in the role page) would reset.
    rerender(<Lazy label="b" />);
    expect(screen.getByText('b:1')).toBeTruthy();
  });

  it('shows the placeholder until the code arrives, then the component with its props', async () => {
    const { load, release, state } = gate();
    const Lazy = lazyComponent(load);
    render(<Lazy name="张三" />);
    expect(document.querySelector('.tessera-lazy-pending')).not.toBeNull();
    expect(screen.queryByText('你好 张三')).toBeNull();
    expect(Lazy.loaded).toBe(false);
    release();
    expect(await screen.findByText('你好 张三')).toBeTruthy();
    expect(document.querySelector('.tessera-lazy-pending')).toBeNull();
    expect(Lazy.loaded).toBe(true);
    expect(state.calls).toBe(1);
  });

  it('renders at once, without a placeholder, once preloaded; the module is fetched once', async () => {
    const { load, release, state } = gate();
    const Lazy = lazyComponent(load, () => <span>加载中</span>);
    const first = Lazy.preload();
    const second = Lazy.preload();
    release();
    await Promise.all([first, second]);
    render(<Lazy name="李四" />);
    expect(screen.getByText('你好 李四')).toBeTruthy();
    expect(screen.queryByText('加载中')).toBeNull();
    expect(state.calls).toBe(1);
  });

  it('a failed load rejects preload, and the next preload asks again', async () => {
    let attempt = 0;
    const Lazy = lazyComponent(async () => {
      attempt++;
      if (attempt === 1) throw new Error('chunk failed');
      return Greeting;
    });
    await expect(Lazy.preload()).rejects.toThrow('chunk failed');
    await Lazy.preload();
    render(<Lazy name="王五" />);
    expect(screen.getByText('你好 王五')).toBeTruthy();
    expect(attempt).toBe(2);
  });
});
