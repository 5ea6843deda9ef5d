/**
 * The stream opener (./stream-opener.ts) bound to the session, the language and the app's envelope.
 * Imported by the schema pages' route (SchemaPage, lazy), not by SchemaView, which the first list
 * page loads: everything the opener uses is already reached by that route, so no chunk splits, and
 * the first page does not carry it (tests/build/first-page-size.test.ts). A dynamic import of its
 * own split those shared modules into extra chunks that weighed more than the opener itself.
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
