// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../i18n';
import { DashboardLayout } from './DashboardLayout';

describe('dashboard layout', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows back and full screen for 3 s after mouse or key activity', () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <DashboardLayout>
            <p>图表</p>
          </DashboardLayout>
        </MemoryRouter>
      </I18nextProvider>,
    );
    const controls = screen.getByTestId('dashboard-controls');
    expect(screen.getByText('图表')).toBeTruthy();
    expect(controls.dataset.visible).toBe('true');
    expect(screen.getByTestId('fullscreen').textContent).toContain('全屏');
    act(() => vi.advanceTimersByTime(2999));
    expect(controls.dataset.visible).toBe('true');
    act(() => vi.advanceTimersByTime(1));
    expect(controls.dataset.visible).toBe('false');
    act(() => {
      window.dispatchEvent(new Event('mousemove'));
    });
    expect(controls.dataset.visible).toBe('true');
    act(() => vi.advanceTimersByTime(3000));
    expect(controls.dataset.visible).toBe('false');
    act(() => {
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    });
    expect(controls.dataset.visible).toBe('true');
  });

  it('the full-screen button asks the browser for full screen', () => {
    const request = vi.fn(() => Promise.resolve());
    document.documentElement.requestFullscreen = request;
    render(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <DashboardLayout>
            <p>图表</p>
          </DashboardLayout>
        </MemoryRouter>
      </I18nextProvider>,
    );
    act(() => screen.getByTestId('fullscreen').click());
    expect(request).toHaveBeenCalledTimes(1);
  });
});
