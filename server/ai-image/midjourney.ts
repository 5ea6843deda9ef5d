/**
 * A midjourney-proxy client (github.com/novicezk/midjourney-proxy, the protocol most Midjourney
 * gateways speak), every call through the SSRF guard:
 *   POST {base}/mj/submit/imagine { prompt, base64Array? }           → { code, description, result: taskId }
 *   POST {base}/mj/submit/change  { taskId, action, index }          action UPSCALE | VARIATION, index 1–4
 *   GET  {base}/mj/task/{id}/fetch                                    → { status, progress: "42%", imageUrl, failReason }
 * The secret goes in the `mj-api-secret` header only. Submit codes: 1 submitted, 21 already exists,
 * 22 queued; anything else is a refusal whose description we show (trimmed, never the raw body).
 */
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { guardedFetch, type OutboundPolicy } from '../net/outbound';

export interface MjTarget {
  baseUrl: string;
  secret: string | null;
}

export type MjStatus = 'NOT_START' | 'SUBMITTED' | 'IN_PROGRESS' | 'FAILURE' | 'SUCCESS';

export interface MjTask {
  status: MjStatus;
  progress: string;
  imageUrl: string | null;
  failReason: string | null;
}

const SUBMITTED = new Set([1, 21, 22]);
const STATUSES = new Set<MjStatus>(['NOT_START', 'SUBMITTED', 'IN_PROGRESS', 'FAILURE', 'SUCCESS']);

const url = (target: MjTarget, path: string) => `${target.baseUrl.replace(/\/+$/, '')}${path}`;

function headersOf(target: MjTarget): Record<string, string> {
  const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
  if (target.secret) headers['mj-api-secret'] = target.secret;
  return headers;
}

const clip = (value: unknown, max = 200) => String(value ?? '').slice(0, max);

function parse(body: Buffer, status: number): Record<string, unknown> {
  if (status === 401 || status === 403) throw new ApiError(ResultCode.BAD_REQUEST, 'aiImg.keyRejected');
  if (status >= 400) throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.upstreamError', { status, message: '' });
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // fall through: an answer that is not the protocol's
  }
  throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.badAnswer');
}

async function submit(target: MjTarget, path: string, body: object, policy: OutboundPolicy): Promise<string> {
  const answer = await guardedFetch(
    url(target, path),
    { method: 'POST', headers: headersOf(target), body: JSON.stringify(body), credentialHeaders: ['mj-api-secret'] },
    { ...policy, maxBytes: 1024 * 1024, timeoutMs: 30_000 },
  );
  const value = parse(answer.body, answer.status);
  const result = value.result;
  if (!SUBMITTED.has(Number(value.code)) || (typeof result !== 'string' && typeof result !== 'number'))
    throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.submitRefused', { message: clip(value.description) });
  const id = String(result);
  if (!/^[\w-]{1,64}$/.test(id)) throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.badAnswer');
  return id;
}

export function imagine(
  target: MjTarget,
  prompt: string,
  base64Array: string[],
  policy: OutboundPolicy,
): Promise<string> {
  return submit(target, '/mj/submit/imagine', base64Array.length ? { prompt, base64Array } : { prompt }, policy);
}

export function change(
  target: MjTarget,
  taskId: string,
  action: 'UPSCALE' | 'VARIATION',
  index: number,
  policy: OutboundPolicy,
): Promise<string> {
  return submit(target, '/mj/submit/change', { taskId, action, index }, policy);
}

export async function fetchTask(target: MjTarget, taskId: string, policy: OutboundPolicy): Promise<MjTask> {
  const answer = await guardedFetch(
    url(target, `/mj/task/${encodeURIComponent(taskId)}/fetch`),
    { headers: headersOf(target), credentialHeaders: ['mj-api-secret'] },
    { ...policy, maxBytes: 1024 * 1024, timeoutMs: 15_000 },
  );
  const value = parse(answer.body, answer.status);
  const status = String(value.status) as MjStatus;
  if (!STATUSES.has(status)) throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.badAnswer');
  const progress = /^\d{1,3}%$/.test(String(value.progress ?? '')) ? String(value.progress) : '0%';
  return {
    status,
    progress,
    imageUrl: typeof value.imageUrl === 'string' && value.imageUrl ? value.imageUrl : null,
    failReason: value.failReason ? clip(value.failReason) : null,
  };
}
