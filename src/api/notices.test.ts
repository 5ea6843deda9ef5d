// The shell's answer → notice mapping (notices.ts, applied by client.ts to every answer): P4018 —
// the caller's address is not on the app's IP allow list — replaces the page with the ipBlocked
// result page; other answers, refusals included, leave the page alone.
import { beforeEach, describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { session, showNotice } from '../session/store';
import { applyNotice, noticeOf } from './notices';

beforeEach(() => showNotice(undefined));

describe('answer codes → notices', () => {
  it('maps P4018 to the ipBlocked notice and shows it', () => {
    expect(ResultCode.IP_BLOCKED).toBe('P4018');
    expect(noticeOf('P4018')).toBe('ipBlocked');
    applyNotice({ code: ResultCode.IP_BLOCKED });
    expect(session.notice).toBe('ipBlocked');
  });

  it('shows nothing for success, sign-out, refusals or unknown app', () => {
    for (const code of [200, ResultCode.SUCCESS, ResultCode.LOGOUT, ResultCode.FORBIDDEN, ResultCode.APP_NOT_FOUND]) {
      expect(noticeOf(code), String(code)).toBeUndefined();
      applyNotice({ code });
    }
    expect(session.notice).toBeUndefined();
  });
});
