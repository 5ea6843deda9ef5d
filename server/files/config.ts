/**
 * Configuration of the file API, from the environment: where files go (FILES_STORAGE: local, qiniu
 * or s3), how large they may be, and the Qiniu / S3 credentials. Validated up front like server/config.ts; messages
 * never echo a key.
 */
import { join } from 'node:path';
import { ConfigError } from '../config';
import { isQiniuRegion, type QiniuCredentials } from './qiniu';

export interface FilesConfig {
  /** Root of local storage: DATA_DIR/files by default (FILES_DIR overrides). */
  root: string;
  /** FILES_MAX_BYTES, default 20 MiB. */
  maxBytes: number;
  /** QINIU_ACCESS_KEY + QINIU_SECRET_KEY; cloud tokens are refused without them. */
  qiniu?: QiniuCredentials;
  /** QINIU_UPLOAD_URL: replaces the region's upload host (private deployments, tests). */
  qiniuUploadUrl?: string;
  /** QINIU_TOKEN_TTL seconds, default 3600. */
  qiniuTokenTtl: number;
  /**
   * FILES_STORAGE=qiniu keeps the file API's bytes in a bucket instead of the disk: QINIU_BUCKET,
   * QINIU_REGION (default z0), QINIU_DOWNLOAD_URL (the bucket's domain), QINIU_RS_URL (optional).
   */
  serverBucket?: { bucket: string; region: string; downloadUrl: string; rsUrl?: string };
  /** FILES_STORAGE=s3: an S3-compatible bucket (S3_* variables, see loadS3Config). */
  s3?: S3Config;
}

export interface S3Config {
  bucket: string;
  region: string;
  accessKeyId: string;
  /** Never logged, never echoed in an error, never sent to the browser. */
  secretAccessKey: string;
  endpoint?: string;
  forcePathStyle: boolean;
}

const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

/**
 * S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (required), S3_REGION (default us-east-1),
 * S3_ENDPOINT (an http(s) URL for MinIO, Ceph, a cloud gateway; unset: AWS), S3_FORCE_PATH_STYLE
 * (true/false, default false; most S3-compatible services need true).
 */
export function loadS3Config(env: NodeJS.ProcessEnv): S3Config {
  const bucket = env.S3_BUCKET?.trim();
  const accessKeyId = env.S3_ACCESS_KEY_ID?.trim();
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY?.trim();
  if (!bucket || !accessKeyId || !secretAccessKey) {
    throw new ConfigError(
      'FILES_STORAGE',
      'FILES_STORAGE=s3 needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY.',
    );
  }
  if (!BUCKET.test(bucket))
    throw new ConfigError('S3_BUCKET', `Invalid S3_BUCKET="${bucket}": expected an S3 bucket name.`);
  const region = env.S3_REGION?.trim() || 'us-east-1';
  if (!/^[a-z0-9-]{1,32}$/.test(region)) throw new ConfigError('S3_REGION', `Invalid S3_REGION="${region}".`);
  const endpoint = env.S3_ENDPOINT?.trim() || undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^\s/@]+(\/[^\s@]*)?$/.test(endpoint)) {
    // No credentials in the URL: they belong in S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY.
    throw new ConfigError('S3_ENDPOINT', 'Invalid S3_ENDPOINT: expected an http(s) URL without credentials.');
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE?.trim().toLowerCase() || 'false';
  if (!['true', 'false', '1', '0'].includes(pathStyle)) {
    throw new ConfigError('S3_FORCE_PATH_STYLE', `Invalid S3_FORCE_PATH_STYLE="${pathStyle}": expected true or false.`);
  }
  return {
    bucket,
    region,
    accessKeyId,
    secretAccessKey,
    ...(endpoint ? { endpoint: endpoint.replace(/\/+$/, '') } : {}),
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
  };
}

export const DEFAULT_MAX_BYTES = 20 * 1024 * 1024;

function positive(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  if (!/^\d{1,12}$/.test(raw) || Number(raw) < 1) {
    throw new ConfigError(name, `Invalid ${name}="${raw}": expected a positive integer.`);
  }
  return Number(raw);
}

export function loadFilesConfig(env: NodeJS.ProcessEnv, dataDir: string): FilesConfig {
  const accessKey = env.QINIU_ACCESS_KEY?.trim();
  const secretKey = env.QINIU_SECRET_KEY?.trim();
  if (Boolean(accessKey) !== Boolean(secretKey)) {
    throw new ConfigError('QINIU_SECRET_KEY', 'QINIU_ACCESS_KEY and QINIU_SECRET_KEY must be set together.');
  }
  const uploadUrl = env.QINIU_UPLOAD_URL?.trim() || undefined;
  if (uploadUrl !== undefined && !/^https?:\/\/[^\s/]+(\/[^\s]*)?$/.test(uploadUrl)) {
    throw new ConfigError('QINIU_UPLOAD_URL', `Invalid QINIU_UPLOAD_URL="${uploadUrl}": expected an http(s) URL.`);
  }
  const storage = env.FILES_STORAGE?.trim() || 'local';
  if (storage !== 'local' && storage !== 'qiniu' && storage !== 's3') {
    throw new ConfigError('FILES_STORAGE', `Invalid FILES_STORAGE="${storage}": expected local, qiniu or s3.`);
  }
  let serverBucket: FilesConfig['serverBucket'];
  if (storage === 'qiniu') {
    const bucket = env.QINIU_BUCKET?.trim();
    const downloadUrl = env.QINIU_DOWNLOAD_URL?.trim();
    const region = env.QINIU_REGION?.trim() || 'z0';
    if (!accessKey || !bucket || !downloadUrl || !/^https?:\/\//.test(downloadUrl)) {
      throw new ConfigError(
        'FILES_STORAGE',
        'FILES_STORAGE=qiniu needs QINIU_ACCESS_KEY, QINIU_SECRET_KEY, QINIU_BUCKET and an http(s) QINIU_DOWNLOAD_URL.',
      );
    }
    if (!isQiniuRegion(region)) throw new ConfigError('QINIU_REGION', `Invalid QINIU_REGION="${region}".`);
    const rsUrl = env.QINIU_RS_URL?.trim() || undefined;
    serverBucket = { bucket, region, downloadUrl, ...(rsUrl ? { rsUrl } : {}) };
  }
  return {
    ...(serverBucket ? { serverBucket } : {}),
    ...(storage === 's3' ? { s3: loadS3Config(env) } : {}),
    root: env.FILES_DIR?.trim() || join(dataDir, 'files'),
    maxBytes: positive(env, 'FILES_MAX_BYTES', DEFAULT_MAX_BYTES),
    ...(accessKey && secretKey ? { qiniu: { accessKey, secretKey } } : {}),
    ...(uploadUrl ? { qiniuUploadUrl: uploadUrl.replace(/\/+$/, '') } : {}),
    qiniuTokenTtl: positive(env, 'QINIU_TOKEN_TTL', 3600),
  };
}
