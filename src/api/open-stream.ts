/**
 * The stream opener (./stream-opener.ts) bound to the session, the language and the app's envelope.
 * Static, not fetched on first use: everything it needs (the SSE parser, the sealed-event check, the
 * header names) is already in the first page for the shell's event stream, and a dynamic import
 * split those shared modules into extra chunks that weighed more than the opener itself.
 */
import { currentLang } from '../i18n';
import { session } from '../session/store';
import { currentEnvelope } from './client';
import { createStreamOpener } from './stream-opener';

export const openStream = createStreamOpener({
  baseUrl: '',
  token: () => session.token,
  appId: () => session.appInfo?.id,
  lang: currentLang,
  envelope: currentEnvelope,
});
