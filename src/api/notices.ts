/**
 * Result codes that close the whole app to the caller rather than failing one call: the shell
 * shows a notice (an error result page, src/pages/ErrorPage.tsx) in place of the page
 * (platform-shell §2). Called by client.ts on every answer.
 */
import { ResultCode } from '../../protocol/codes';
import { showNotice, type SessionState } from '../session/store';

const NOTICES: Record<string, NonNullable<SessionState['notice']>> = {
  // The caller's address is not on the app's IP allow list (server/access/ip-allow-list.ts).
  [ResultCode.IP_BLOCKED]: 'ipBlocked',
};

/** The notice an answer's code calls for, if any. */
export function noticeOf(code: unknown): SessionState['notice'] {
  return NOTICES[String(code)];
}

/** Shows the notice an answer calls for; other answers leave the page alone. */
export function applyNotice(result: { code: unknown }): void {
  const notice = noticeOf(result.code);
  if (notice) showNotice(notice);
}
