// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { describe, expect, it, vi } from 'vitest';
import { installProtections } from './protections';

describe('client protections', () => {
  it('blocks right-click and F12, silences the console, and undoes it all', () => {
    const log = vi.fn();
    const original = console.log;
    console.log = log;
    try {
      const blocked = vi.fn();
      const uninstall = installProtections(window, blocked);
      const context = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(context);
      expect(context.defaultPrevented).toBe(true);
      const f12 = new KeyboardEvent('keydown', { key: 'F12', bubbles: true, cancelable: true });
      document.body.dispatchEvent(f12);
      expect(f12.defaultPrevented).toBe(true);
      expect(blocked).toHaveBeenCalledTimes(1);
      const letter = new KeyboardEvent('keydown', { key: 'a', bubbles: true, cancelable: true });
      document.body.dispatchEvent(letter);
      expect(letter.defaultPrevented).toBe(false);
      console.log('hidden');
      expect(log).not.toHaveBeenCalled();

      uninstall();
      console.log('shown');
      expect(log).toHaveBeenCalledWith('shown');
      const again = new MouseEvent('contextmenu', { bubbles: true, cancelable: true });
      document.body.dispatchEvent(again);
      expect(again.defaultPrevented).toBe(false);
    } finally {
      console.log = original;
    }
  });
});
