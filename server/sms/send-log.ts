/**
 * The SMS send log (sms_log, docs/sms.md): one row per message the server tries to send — sign-in
 * codes and the sms page's test sends alike. The mobile is stored masked (138****0000) and the code
 * is never stored, so the log can be shown to admins and kept.
 */
import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import { smsTables } from '../db/migrations/0018-sms-admin';

export interface SmsSendEntry {
  appId: string;
  mobile: string;
  /** login, register, forgetPwd or changeMobile (the sign-in routes' `forget` is stored as forgetPwd). */
  scene: string;
  provider: string;
  templateCode: string | null;
  status: 'sent' | 'failed';
  /** The provider's answer: OK, its error code, UNREACHABLE; CONSOLE for the console provider. */
  answerCode: string;
  userId: string | null;
}

/** 13800138000 → 138****8000: enough to tell numbers apart, never the whole number. */
export function maskMobile(mobile: string): string {
  const digits = mobile.trim();
  return digits.length >= 7 ? `${digits.slice(0, 3)}****${digits.slice(-4)}` : '****';
}

/** The provider's answer code from a sender's refusal ("Aliyun SMS refused: <code>"). */
export function answerOf(error: unknown): string {
  const match = /refused: (\S+)/.exec(error instanceof Error ? error.message : '');
  return match ? match[1]!.slice(0, 64) : 'UNREACHABLE';
}

export async function recordSmsSend(db: Kysely<any>, prefix: string, now: number, entry: SmsSendEntry): Promise<void> {
  await db
    .insertInto(smsTables(prefix).log)
    .values({
      id: newId(),
      app_id: entry.appId,
      mobile: maskMobile(entry.mobile),
      scene: entry.scene === 'forget' ? 'forgetPwd' : entry.scene,
      provider: entry.provider,
      template_code: entry.templateCode,
      status: entry.status,
      answer_code: entry.answerCode.slice(0, 64),
      create_by: entry.userId,
      create_at: now,
    })
    .execute();
}
