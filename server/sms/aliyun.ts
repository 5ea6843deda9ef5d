/**
 * Aliyun SMS (Dysmsapi 2017-05-25, SendSms) over its RPC-style HTTP API with the documented
 * signature: parameters sorted by name, each name and value percent-encoded (RFC 3986: only
 * A-Z a-z 0-9 - _ . ~ stay literal, space is %20), joined as the canonical query;
 * StringToSign = METHOD & enc("/") & enc(canonical); Signature = base64(HMAC-SHA1(secret + "&")).
 * The endpoint is configurable (tests point it at a loopback fake that checks the signature).
 */
import { createHmac, randomUUID } from 'node:crypto';
import type { SmsSender } from './sender';

export interface AliyunSmsOptions {
  accessKeyId: string;
  accessKeySecret: string;
  signName: string;
  templateCode: string;
  /** Origin, no trailing slash: https://dysmsapi.aliyuncs.com */
  endpoint: string;
  timeoutMs?: number;
}

/** Aliyun's percent-encoding (encodeURIComponent leaves !'()* literal; Aliyun does not). */
export function percentEncode(text: string): string {
  return encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .sort()
    .map((key) => `${percentEncode(key)}=${percentEncode(params[key])}`)
    .join('&');
}

export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  const stringToSign = `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
  return createHmac('sha1', `${secret}&`).update(stringToSign).digest('base64');
}

/** ISO 8601 UTC without milliseconds, as the API wants: 2026-01-02T03:04:05Z. */
const timestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

export class AliyunSmsSender implements SmsSender {
  readonly name = 'aliyun';
  constructor(
    private readonly options: AliyunSmsOptions,
    private readonly now: () => number = Date.now,
  ) {}

  async send(mobile: string, code: string): Promise<void> {
    const answer = await this.deliver(mobile, { code });
    // The error names the provider's code only: the message may echo request parameters.
    if (answer !== 'OK') throw new Error(`Aliyun SMS refused: ${answer}`);
  }

  /**
   * Sends one message with this template's parameters and answers Aliyun's code ('OK' when sent,
   * else its error code or the HTTP status) — the sms page logs it. Rejects only when unreachable.
   */
  async deliver(mobile: string, templateParams: Record<string, string>): Promise<string> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: mobile,
      RegionId: 'cn-hangzhou',
      SignName: this.options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify(templateParams),
      Timestamp: timestamp(this.now()),
      Version: '2017-05-25',
    };
    const signature = rpcSignature('POST', params, this.options.accessKeySecret);
    const body = `Signature=${percentEncode(signature)}&${canonicalQuery(params)}`;
    const response = await fetch(`${this.options.endpoint}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body,
      signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
    });
    const answer = (await response.json().catch(() => ({}))) as { Code?: string; Message?: string };
    if (response.ok && answer.Code === 'OK') return 'OK';
    return String(answer.Code ?? response.status).slice(0, 64);
  }
}
