// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_TIMEOUT_MS } from '../../protocol/constants';
import { ChunkRetry, inlineRetry } from './ChunkRetry';
import { ChunkLoadError, lazyComponent } from './lazy-component';

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

  describe('chunk timeout and retry', () => {
    afterEach(() => vi.useRealTimers());

    it('gives up on a chunk after the spec’s 120 s with a ChunkLoadError, not before', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      const Lazy = lazyComponent(() => new Promise<never>(() => undefined));
      const outcome = Lazy.preload().then(
        () => 'loaded',
        (error: unknown) => error,
      );
      await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS - 1);
      expect(Lazy.loaded).toBe(false);
      let settled = false;
      void outcome.then(() => (settled = true));
      await Promise.resolve();
      expect(settled).toBe(false);
      await vi.advanceTimersByTimeAsync(1);
      const error = await outcome;
      expect(error).toBeInstanceOf(ChunkLoadError);
      expect((error as Error).name).toBe('ChunkLoadError');
    });

    it('shows the retry view after the timeout, and Retry fetches the page again', async () => {
      vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
      let calls = 0;
      const Lazy = lazyComponent(
        () => {
          calls++;
          // The first fetch never answers (a stalled network); the second arrives.
          return calls === 1 ? new Promise<never>(() => undefined) : Promise.resolve(Greeting);
        },
        () => <span>加载中</span>,
        { failed: (retry) => <ChunkRetry lang="en" onRetry={retry} /> },
      );
      render(<Lazy name="赵六" />);
      expect(screen.getByText('加载中')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(CHUNK_TIMEOUT_MS);
      });
      expect(screen.getByText('The page did not load in time. Check the network and try again')).toBeTruthy();
      vi.useRealTimers();
      fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
      expect(await screen.findByText('你好 赵六')).toBeTruthy();
      expect(calls).toBe(2);
    });

    it('shows the retry view in Chinese after a failed fetch', async () => {
      let calls = 0;
      const Lazy = lazyComponent(
        async () => {
          calls++;
          if (calls === 1) throw new Error('network');
          return Greeting;
        },
        () => null,
        { failed: (retry) => <ChunkRetry lang="zh" onRetry={retry} /> },
      );
      render(<Lazy name="孙七" />);
      expect(await screen.findByText('页面加载失败或超时，请检查网络后重试')).toBeTruthy();
      // antd spaces a two-character Chinese label.
      fireEvent.click(screen.getByRole('button', { name: '重 试' }));
      expect(await screen.findByText('你好 孙七')).toBeTruthy();
      expect(screen.queryByText('页面加载失败或超时，请检查网络后重试')).toBeNull();
    });

    it('a node or widget shows a field-sized retry in place, and only it is fetched again', async () => {
      let calls = 0;
      const Lazy = lazyComponent(
        async () => {
          calls++;
          if (calls === 1) throw new Error('network');
          return Greeting;
        },
        undefined,
        { failed: inlineRetry },
      );
      render(<Lazy name="周八" />);
      const alert = await screen.findByRole('alert');
      expect(alert.textContent).toContain('组件加载失败或超时');
      fireEvent.click(screen.getByRole('button', { name: '重 试' }));
      expect(await screen.findByText('你好 周八')).toBeTruthy();
      expect(calls).toBe(2);
    });
  });
});
