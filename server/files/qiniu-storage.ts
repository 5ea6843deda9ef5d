/**
 * Qiniu as the server's StorageProvider (FILES_STORAGE=qiniu): the file API keeps its URLs, rows
 * and checks, only the bytes live in a bucket. Uploads use a token scoped to the exact object key
 * with insertOnly; downloads use Qiniu's private-download URLs (`?e=deadline&token=AK:sign`);
 * deletes use the management API with QBox authorization. All signatures are HMAC-SHA1 under the
 * secret key, which never leaves this process.
 */
import { createHmac } from 'node:crypto';
import { Readable } from 'node:stream';
import { signUploadToken, urlsafeBase64, type QiniuCredentials } from './qiniu';
import { sliceStream } from './range';
import type { ByteRange, StorageProvider } from './storage';

export interface QiniuStorageOptions {
  credentials: QiniuCredentials;
  bucket: string;
  /** The region's upload host (or QINIU_UPLOAD_URL). */
  uploadUrl: string;
  /** The bucket's download domain, e.g. https://files.example.com. */
  downloadUrl: string;
  /** Management host; default https://rs.qiniuapi.com. */
  rsUrl?: string;
  now?: () => number;
  /** Seconds a signed download URL stays valid. */
  downloadTtl?: number;
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

export class QiniuStorage implements StorageProvider {
  readonly name = 'qiniu';
  private readonly now: () => number;

  constructor(private readonly options: QiniuStorageOptions) {
    this.now = options.now ?? Date.now;
  }

  private objectKey(appId: string, key: string): string {
    if (!SAFE_SEGMENT.test(appId) || !SAFE_SEGMENT.test(key)) throw new Error('unsafe storage key');
    return `${appId}/${key}`;
  }

  private sign(text: string): string {
    return urlsafeBase64(createHmac('sha1', this.options.credentials.secretKey).update(text).digest());
  }

  async put(appId: string, key: string, data: Buffer, meta: { mime: string }): Promise<void> {
    const objectKey = this.objectKey(appId, key);
    const token = signUploadToken(this.options.credentials, {
      scope: `${this.options.bucket}:${objectKey}`,
      deadline: Math.floor(this.now() / 1000) + 600,
      insertOnly: 1,
    });
    const form = new FormData();
    form.append('token', token);
    form.append('key', objectKey);
    form.append('file', new Blob([Uint8Array.from(data)], { type: meta.mime }), key);
    const response = await fetch(this.options.uploadUrl, { method: 'POST', body: form });
    if (response.status !== 200) {
      // The status only: Qiniu's error text may echo request details.
      throw new Error(`Qiniu upload failed with HTTP ${response.status}`);
    }
  }

  /** Qiniu's private download URL: base?e=deadline, signed, token appended. */
  downloadUrl(appId: string, key: string): string {
    const base = `${this.options.downloadUrl.replace(/\/+$/, '')}/${this.objectKey(appId, key)}`;
    const url = `${base}?e=${Math.floor(this.now() / 1000) + (this.options.downloadTtl ?? 300)}`;
    return `${url}&token=${this.options.credentials.accessKey}:${this.sign(url)}`;
  }

  /** Streamed: the bucket's body is piped through, never read whole (Readable.fromWeb). */
  async get(appId: string, key: string, range?: ByteRange): Promise<Readable | undefined> {
    const headers: Record<string, string> = range ? { range: `bytes=${range.start}-${range.end}` } : {};
    const response = await fetch(this.downloadUrl(appId, key), { headers });
    if (response.status === 404) return undefined;
    if (!response.ok || !response.body) throw new Error(`Qiniu download failed with HTTP ${response.status}`);
    const body = Readable.fromWeb(response.body as never);
    // A 200 to a range request carries the whole object: cut the range out of it.
    return range && response.status === 200 ? sliceStream(body, range) : body;
  }

  async remove(appId: string, key: string): Promise<void> {
    const path = `/delete/${urlsafeBase64(`${this.options.bucket}:${this.objectKey(appId, key)}`)}`;
    const rs = (this.options.rsUrl ?? 'https://rs.qiniuapi.com').replace(/\/+$/, '');
    const response = await fetch(`${rs}${path}`, {
      method: 'POST',
      headers: {
        authorization: `QBox ${this.options.credentials.accessKey}:${this.sign(`${path}\n`)}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
    });
    if (response.status !== 200 && response.status !== 612) {
      throw new Error(`Qiniu delete failed with HTTP ${response.status}`);
    }
  }
}
