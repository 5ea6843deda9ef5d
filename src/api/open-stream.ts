/**
 * The stream opener (./stream-opener.ts) bound to the session, the language and the app's envelope.
 * Its code is fetched on the first open: only the AI chat opens one, and the list page that renders
 * the runtime must not carry it (tests/build/first-page-size.test.ts).
 */
import type { OpenStreamFn } from '../../protocol/stream-open';
import { currentLang } from '../i18n';
import { session } from '../session/store';
import { currentEnvelope } from './client';

let opener: Promise<OpenStreamFn> | undefined;

export const openStream: OpenStreamFn = (url, handlers) => {
  let handle: ReturnType<OpenStreamFn> | undefined;
  let closed = false;
  opener ??= import('./stream-opener').then((m) =>
    m.createStreamOpener({
      baseUrl: '',
      token: () => session.token,
      appId: () => session.appInfo?.id,
      lang: currentLang,
      envelope: currentEnvelope,
    }),
  );
  opener.then(
    (open) => {
      if (!closed) handle = open(url, handlers);
    },
    () => {
      opener = undefined;
      if (!closed) handlers.onClose(true);
    },
  );
  return {
    close() {
      closed = true;
      handle?.close();
    },
  };
};
