/**
 * Keeps the app info (top bar, watermark, sign-in ways) true to the system settings while signed
 * in: on `settings.changed` from the event stream, whoever saved them and on whichever server, the
 * shell reloads the app info, so the change shows without a reload of the page (docs/settings.md).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { onStreamEvent, openEvents } from '../api/events';
import { loadAppInfo } from '../session/actions';
import { session } from '../session/store';

export function useSettingsEvents(): void {
  const { app, token } = useSnapshot(session);
  useEffect(() => {
    if (!token) return undefined;
    const close = openEvents();
    // A failed reload keeps what is shown; the next event or visit tries again.
    const off = onStreamEvent('settings.changed', () => void loadAppInfo(session.app).catch(() => undefined));
    return () => {
      off();
      close();
    };
  }, [app, token]);
}
