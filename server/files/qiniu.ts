/**
 * Qiniu upload tokens, signed the way Qiniu documents: the put policy JSON is URL-safe base64
 * encoded, that text is signed with HMAC-SHA1 under the secret key, and the token is
 * `AccessKey:urlsafe(sign):encodedPutPolicy`. The region (upload_config.region) picks the upload
 * host; a base URL from the server's configuration replaces it (tests point it at a loopback fake).
 * The secret key never leaves this module and is never logged.
 */
import { createHmac } from 'node:crypto';

export const QINIU_REGIONS = ['z0', 'z1', 'z2', 'na0', 'as0', 'cn-east-2'] as const;
export type QiniuRegion = (typeof QINIU_REGIONS)[number];

/** Qiniu's accelerated upload hosts per region. */
export const QINIU_UPLOAD_HOSTS: Record<QiniuRegion, string> = {
  z0: 'https://upload.qiniup.com',
  z1: 'https://upload-z1.qiniup.com',
  z2: 'https://upload-z2.qiniup.com',
  na0: 'https://upload-na0.qiniup.com',
  as0: 'https://upload-as0.qiniup.com',
  'cn-east-2': 'https://upload-cn-east-2.qiniup.com',
};

export interface QiniuCredentials {
  accessKey: string;
  secretKey: string;
}

export interface PutPolicy {
  scope: string;
  /** Unix seconds. */
  deadline: number;
  saveKey?: string;
  forceSaveKey?: boolean;
  fsizeLimit?: number;
  mimeLimit?: string;
  returnBody?: string;
  insertOnly?: number;
}

/** Qiniu's URL-safe base64 keeps the '=' padding. */
export function urlsafeBase64(data: string | Buffer): string {
  return Buffer.from(data).toString('base64').replace(/\+/g, '-').replace(/\//g, '_');
}

export function signUploadToken(credentials: QiniuCredentials, policy: PutPolicy): string {
  const encodedPolicy = urlsafeBase64(JSON.stringify(policy));
  const sign = urlsafeBase64(createHmac('sha1', credentials.secretKey).update(encodedPolicy).digest());
  return `${credentials.accessKey}:${sign}:${encodedPolicy}`;
}

export function isQiniuRegion(value: unknown): value is QiniuRegion {
  return typeof value === 'string' && (QINIU_REGIONS as readonly string[]).includes(value);
}

export function uploadHost(region: QiniuRegion, baseUrl?: string): string {
  return baseUrl ?? QINIU_UPLOAD_HOSTS[region];
}

/** What a client needs to upload one file of this app. */
export function uploadTokenFor(
  credentials: QiniuCredentials,
  options: { bucket: string; appId: string; nowMs: number; ttlSeconds: number; maxBytes: number },
): { token: string; expiresAt: number } {
  const deadline = Math.floor(options.nowMs / 1000) + options.ttlSeconds;
  const policy: PutPolicy = {
    scope: options.bucket,
    deadline,
    // The key is Qiniu-side and server-chosen: under the app, by content hash; the client's file
    // name never becomes the key, and insertOnly stops overwriting an existing object.
    saveKey: `${options.appId}/$(etag)$(ext)`,
    forceSaveKey: true,
    insertOnly: 1,
    fsizeLimit: options.maxBytes,
    returnBody: '{"key":"$(key)","hash":"$(etag)","fsize":$(fsize)}',
  };
  return { token: signUploadToken(credentials, policy), expiresAt: deadline * 1000 };
}
