/**
 * The app's QR key (server: app.qr_key, migration 0006-qr-key) reaches the shell only in the signed-in
 * user's info (`qrKey`). The QR widget encrypts with whatever key runtime/core/qr holds, so the store
 * hands it over whenever the user changes: sign-in, app switch (the stored user of that app, or
 * none) and logout (none). A malformed key is dropped: raw text is better than a broken page.
 */
import { configureQrKey } from '../../runtime/core/qr/index';
import type { UserInfo } from './types';

export function applyQrKey(user: Pick<UserInfo, 'qrKey'> | undefined): void {
  try {
    configureQrKey(user?.qrKey ?? undefined);
  } catch {
    configureQrKey(undefined);
  }
}
