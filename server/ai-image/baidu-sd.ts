/**
 * Baidu's Stable-Diffusion-XL text-to-image API (Qianfan / wenxinworkshop), through the SSRF guard:
 *   POST {base}/oauth/2.0/token?grant_type=client_credentials&client_id=AK&client_secret=SK
 *        → { access_token, expires_in }   (cached in memory, never stored or logged)
 *   POST {base}/rpc/2.0/ai_custom/v1/wenxinworkshop/text2image/sd_xl?access_token=…
 *        { prompt, negative_prompt, size, n, steps, style } → { data: [{ b64_image, index }] }
 *        or { error_code, error_msg } (110/111: the token is invalid or expired — fetched again once).
 * The call answers when the images are drawn (synchronous), so the caller runs it in the background.
 */
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { guardedFetch, OutboundError, type OutboundOptions, type OutboundPolicy } from '../net/outbound';

export const BAIDU_BASE_URL = 'https://aip.baidubce.com';
const DRAW_PATH = '/rpc/2.0/ai_custom/v1/wenxinworkshop/text2image/sd_xl';
const TOKEN_PATH = '/oauth/2.0/token';
const EXPIRED_CODES = new Set([110, 111]);
const REJECTED_CODES = new Set([6, 13, 14, 15]);

export interface SdTarget {
  baseUrl: string;
  apiKey: string;
  secretKey: string;
}

export interface SdRequest {
  prompt: string;
  negative_prompt?: string;
  size: string;
  n: number;
  style: string;
}

/**
 * Baidu's calls carry the AK/SK or the token in the query string: a failure is answered without
 * the URL (an OutboundError about the URL would quote it), so no secret reaches a message or a log.
 */
async function call(url: string, options: OutboundOptions, policy: OutboundPolicy) {
  try {
    return await guardedFetch(url, options, policy);
  } catch (error) {
    if (error instanceof OutboundError && (error.reason === 'url' || error.reason === 'scheme'))
      throw new OutboundError(error.reason, 'net.urlInvalid', { url: url.split('?')[0] });
    throw error;
  }
}

interface CachedToken {
  token: string;
  expiresAt: number;
}

const base = (target: SdTarget) => target.baseUrl.replace(/\/+$/, '');

function json(body: Buffer): Record<string, unknown> {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // not the protocol's answer
  }
  throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.badAnswer');
}

export class BaiduSdClient {
  /** Access tokens by AK (and base URL): valid for 30 days at Baidu, renewed a day early here. */
  private readonly tokens = new Map<string, CachedToken>();

  constructor(private readonly now: () => number) {}

  private async token(target: SdTarget, policy: OutboundPolicy, fresh: boolean): Promise<string> {
    const cacheKey = `${base(target)} ${target.apiKey}`;
    const cached = this.tokens.get(cacheKey);
    if (!fresh && cached && cached.expiresAt > this.now()) return cached.token;
    const query = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: target.apiKey,
      client_secret: target.secretKey,
    });
    const answer = await call(
      `${base(target)}${TOKEN_PATH}?${query}`,
      { method: 'POST', headers: { accept: 'application/json' } },
      { ...policy, maxBytes: 64 * 1024, timeoutMs: 15_000 },
    );
    const value = json(answer.body);
    if (answer.status >= 400 || typeof value.access_token !== 'string')
      throw new ApiError(ResultCode.BAD_REQUEST, 'aiImg.keyRejected');
    const seconds = Number(value.expires_in) || 86_400;
    this.tokens.set(cacheKey, {
      token: value.access_token,
      expiresAt: this.now() + Math.max(60, seconds - 86_400) * 1000,
    });
    return value.access_token;
  }

  /** The drawn images as PNG/JPEG bytes (checked later by content sniffing before being stored). */
  async draw(target: SdTarget, request: SdRequest, policy: OutboundPolicy): Promise<Buffer[]> {
    for (let attempt = 0; ; attempt += 1) {
      const token = await this.token(target, policy, attempt > 0);
      const answer = await call(
        `${base(target)}${DRAW_PATH}?access_token=${encodeURIComponent(token)}`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', accept: 'application/json' },
          body: JSON.stringify({ ...request, steps: 30 }),
        },
        { ...policy, maxBytes: 64 * 1024 * 1024, timeoutMs: 120_000 },
      );
      const value = json(answer.body);
      const code = Number(value.error_code ?? 0);
      if (code && EXPIRED_CODES.has(code) && attempt === 0) continue;
      if (code && REJECTED_CODES.has(code)) throw new ApiError(ResultCode.BAD_REQUEST, 'aiImg.keyRejected');
      if (code || answer.status >= 400)
        throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.upstreamError', {
          status: code || answer.status,
          message: String(value.error_msg ?? '').slice(0, 200),
        });
      const data = Array.isArray(value.data) ? value.data : [];
      const images = data
        .map((item) => (item as { b64_image?: unknown }).b64_image)
        .filter((b64): b64 is string => typeof b64 === 'string' && b64.length > 0)
        .map((b64) => Buffer.from(b64, 'base64'));
      if (images.length === 0) throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.badAnswer');
      return images;
    }
  }
}
