/**
 * An S3-compatible bucket as the server's StorageProvider (FILES_STORAGE=s3): AWS S3, MinIO, Ceph
 * RGW, or a cloud's S3 gateway (S3_ENDPOINT). The file API keeps its URLs, rows, checks and headers;
 * only the bytes move, under `<app>/<key>`, so every instance behind a balancer serves every file.
 *
 * - Upload: one PutObject with a known Content-Length. An upload is at most FILES_MAX_BYTES (20 MB
 *   by default) and already checked in memory by the route, far below PutObject's 5 GB limit, so a
 *   multipart upload (@aws-sdk/lib-storage, not a dependency) would add requests and nothing else.
 * - Download: GetObject's body is the socket's stream, piped to the client as it arrives (with
 *   Range passed through); nothing reads it whole.
 * - Errors: a missing object is `undefined` (the route's 404); anything else becomes a
 *   StorageUnavailableError naming the operation and the HTTP status only, never a key or secret.
 *   The credentials stay in the client object; the SDK gets no logger.
 * - The AWS SDK is loaded on first use (~350 ms and ~20 MB): servers on local disk or Qiniu never
 *   pay for it. A dynamic import of the package also stays dynamic in the server bundle.
 */
import type * as Sdk from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { StorageUnavailableError } from './storage-errors';
import type { ByteRange, StorageProvider } from './storage';

export interface S3StorageOptions {
  bucket: string;
  /** Default us-east-1 (MinIO and most gateways accept any region). */
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** http(s) URL of an S3-compatible service; unset: AWS itself. */
  endpoint?: string;
  /** bucket in the path (http://host/bucket/key) instead of the host name: MinIO, s3rver, most gateways. */
  forcePathStyle?: boolean;
  /** Milliseconds to connect / to wait for an answer; defaults 5000 / 30000. */
  connectTimeoutMs?: number;
  requestTimeoutMs?: number;
}

const SAFE_SEGMENT = /^[A-Za-z0-9_-]{1,64}$/;

interface SdkError {
  name?: string;
  $metadata?: { httpStatusCode?: number };
}

function describe(operation: string, error: unknown): string {
  const e = (error ?? {}) as SdkError;
  const status = e.$metadata?.httpStatusCode;
  // The error's name (AccessDenied, SignatureDoesNotMatch, ECONNREFUSED…) and status only: S3 error
  // bodies may echo the request (the string-to-sign of a bad signature).
  const name = typeof e.name === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(e.name) ? e.name : 'Error';
  const code = (error as { code?: unknown })?.code;
  const network = typeof code === 'string' && /^E[A-Z]+$/.test(code) ? ` ${code}` : '';
  return `S3 ${operation} failed: ${name}${status ? ` HTTP ${status}` : ''}${network}`;
}

let sdkLoading: Promise<typeof Sdk> | undefined;
const loadSdk = () => (sdkLoading ??= import('@aws-sdk/client-s3'));

export class S3Storage implements StorageProvider {
  readonly name = 's3';
  private client?: Sdk.S3Client;
  private closed = false;

  constructor(private readonly options: S3StorageOptions) {}

  private async connect(): Promise<{ sdk: typeof Sdk; client: Sdk.S3Client }> {
    const sdk = await loadSdk();
    if (this.closed) throw new StorageUnavailableError('S3 storage is closed');
    const { options } = this;
    this.client ??= new sdk.S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
      // One retry: a user waits for the answer, three attempts of a stuck store would be minutes.
      maxAttempts: 2,
      requestHandler: {
        connectionTimeout: options.connectTimeoutMs ?? 5000,
        requestTimeout: options.requestTimeoutMs ?? 30000,
        // Without this the SDK only logs a warning when the time is up and keeps waiting.
        throwOnRequestTimeout: true,
      },
      // Checksums only when the operation requires them: several S3-compatible stores reject the
      // newer flexible-checksum headers the SDK would otherwise add to every PutObject.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
    return { sdk, client: this.client };
  }

  private objectKey(appId: string, key: string): string {
    if (!SAFE_SEGMENT.test(appId) || !SAFE_SEGMENT.test(key)) throw new Error('unsafe storage key');
    return `${appId}/${key}`;
  }

  async put(appId: string, key: string, data: Buffer, meta: { mime: string }): Promise<void> {
    const Key = this.objectKey(appId, key);
    try {
      const { sdk, client } = await this.connect();
      await client.send(
        new sdk.PutObjectCommand({
          Bucket: this.options.bucket,
          Key,
          Body: data,
          ContentLength: data.length,
          ContentType: meta.mime,
        }),
      );
    } catch (error) {
      // A put is one request: S3 stores all of it or nothing, there is no partial object to remove.
      throw new StorageUnavailableError(describe('upload', error));
    }
  }

  async get(appId: string, key: string, range?: ByteRange): Promise<Readable | undefined> {
    const Key = this.objectKey(appId, key);
    try {
      const { sdk, client } = await this.connect();
      const answer = await client.send(
        new sdk.GetObjectCommand({
          Bucket: this.options.bucket,
          Key,
          ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
        }),
      );
      // In Node the body is the response's IncomingMessage (a Readable), with the SDK's helpers mixed in.
      return answer.Body as Readable | undefined;
    } catch (error) {
      const e = error as SdkError;
      if (e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404) return undefined;
      throw new StorageUnavailableError(describe('download', error));
    }
  }

  async remove(appId: string, key: string): Promise<void> {
    const Key = this.objectKey(appId, key);
    try {
      // S3 answers 204 for a key that is already gone: removing twice is fine.
      const { sdk, client } = await this.connect();
      await client.send(new sdk.DeleteObjectCommand({ Bucket: this.options.bucket, Key }));
    } catch (error) {
      throw new StorageUnavailableError(describe('delete', error));
    }
  }

  /** Closes the client's sockets (server shutdown, tests). */
  close(): void {
    this.closed = true;
    this.client?.destroy();
  }
}
