/**
 * An S3-compatible server on loopback for tests: s3rver 3.7.1 (Koa, objects on disk in a temp
 * directory), which runs on Node 20. s3rver checks only that a SigV4 request names a known access
 * key, not its signature, so a middleware in front verifies AWS Signature Version 4 the way S3
 * does (canonical request, string to sign, HMAC-SHA256 key chain) against the secret given here:
 * a client with a wrong secret gets 403 SignatureDoesNotMatch, as from real S3. The payload hash
 * header is part of the signature but the body itself is not re-hashed.
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);

interface KoaContext {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
}
type Middleware = (ctx: KoaContext, next: () => Promise<unknown>) => Promise<unknown>;
interface S3rverInstance {
  middleware: Middleware[];
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverClass = new (options: Record<string, unknown>) => S3rverInstance;
type S3ErrorClass = new (code: string, message: string, detail?: Record<string, unknown>) => Error;

/** s3rver's built-in account: its authentication step accepts this access key id only. */
export const FAKE_S3_ACCESS_KEY_ID = 'S3RVER';

export interface FakeS3 {
  /** http://127.0.0.1:<port> — S3_ENDPOINT, path style. */
  url: string;
  /** Where s3rver keeps the objects (bucket/key + metadata files). */
  directory: string;
  /** Requests refused by the signature check, in order. */
  refused: string[];
  /** The bucket side changes its secret (a rotated or revoked key): the server's signatures stop matching. */
  rotateSecret(secretAccessKey: string): void;
  close(): Promise<void>;
}

const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, text: string) => createHmac('sha256', key).update(text, 'utf8').digest();
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** The signature S3 expects for this request (the Authorization header's, recomputed). */
function expectedSignature(ctx: KoaContext, secret: string, auth: RegExpExecArray): string {
  const [, , date, region, service, signedHeaders] = auth;
  const [rawPath, rawQuery = ''] = ctx.url.split('?', 2);
  const query = rawQuery
    .split('&')
    .filter(Boolean)
    .map((pair) => {
      const [k, v = ''] = pair.split('=', 2);
      return [encode(decodeURIComponent(k)), encode(decodeURIComponent(v.replace(/\+/g, ' ')))];
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
  const header = (name: string) => {
    const value = ctx.headers[name];
    return (Array.isArray(value) ? value.join(',') : (value ?? '')).trim().replace(/\s+/g, ' ');
  };
  const names = signedHeaders.split(';');
  const canonical = [
    ctx.method,
    rawPath,
    query,
    names.map((name) => `${name}:${header(name)}\n`).join(''),
    signedHeaders,
    header('x-amz-content-sha256') || 'UNSIGNED-PAYLOAD',
  ].join('\n');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', header('x-amz-date'), scope, sha256(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
  return hmac(key, toSign).toString('hex');
}

const AUTH =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;

export async function startFakeS3(options: { buckets: string[]; secretAccessKey: string }): Promise<FakeS3> {
  const S3rver = require('s3rver') as S3rverClass;
  const S3Error = require('s3rver/lib/models/error') as S3ErrorClass;
  const directory = mkdtempSync(join(tmpdir(), 'tessera-s3rver-'));
  const refused: string[] = [];
  let secret = options.secretAccessKey;
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: options.buckets.map((name) => ({ name })),
  });
  // First in the chain, before s3rver's own (id-only) authentication.
  server.middleware.unshift(async (ctx, next) => {
    const header = String(ctx.headers.authorization ?? '');
    const auth = AUTH.exec(header);
    if (!auth || auth[1] !== FAKE_S3_ACCESS_KEY_ID) {
      refused.push(`${ctx.method} ${ctx.url}`);
      throw new S3Error('InvalidAccessKeyId', 'The AWS Access Key Id you provided does not exist in our records.');
    }
    const expected = Buffer.from(expectedSignature(ctx, secret, auth), 'hex');
    if (!timingSafeEqual(expected, Buffer.from(auth[6], 'hex'))) {
      refused.push(`${ctx.method} ${ctx.url}`);
      throw new S3Error('SignatureDoesNotMatch', 'The request signature we calculated does not match.');
    }
    return next();
  });
  const { port } = await server.run();
  return {
    url: `http://127.0.0.1:${port}`,
    directory,
    refused,
    rotateSecret(next) {
      secret = next;
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
