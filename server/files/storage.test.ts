import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ResultCode } from '../../protocol/codes';
import { loadFilesConfig } from './config';
import { parseRange, sliceStream } from './range';
import { StorageUnavailableError, isStorageFull, storageFailure } from './storage-errors';

async function text(stream: Readable): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe('byte ranges', () => {
  it('reads one range (from-to, open end, suffix) clamped to the file', () => {
    expect(parseRange(undefined, 100)).toEqual({ kind: 'whole' });
    expect(parseRange('bytes=0-9', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 9 } });
    expect(parseRange('bytes=90-', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=90-500', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-10', 100)).toEqual({ kind: 'partial', range: { start: 90, end: 99 } });
    expect(parseRange('bytes=-500', 100)).toEqual({ kind: 'partial', range: { start: 0, end: 99 } });
  });

  it('answers 416 past the end, and ignores what is not a single byte range', () => {
    expect(parseRange('bytes=100-', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=-0', 100)).toEqual({ kind: 'unsatisfiable' });
    expect(parseRange('bytes=0-0', 0)).toEqual({ kind: 'unsatisfiable' });
    for (const ignored of ['bytes=0-1,5-6', 'items=0-1', 'bytes=-', 'bytes=9-3', 'bytes=a-b', '']) {
      expect(parseRange(ignored, 100)).toEqual({ kind: 'whole' });
    }
  });

  it('cuts a range out of a whole stream (a store that ignored Range)', async () => {
    const source = () => Readable.from(['abcd', 'efgh', 'ijkl'].map((s) => Buffer.from(s)));
    expect(await text(sliceStream(source(), { start: 2, end: 5 }))).toBe('cdef');
    expect(await text(sliceStream(source(), { start: 0, end: 11 }))).toBe('abcdefghijkl');
    expect(await text(sliceStream(source(), { start: 9, end: 9 }))).toBe('j');
  });
});

describe('storage failures', () => {
  it('a full disk is 507 P5070, an unreachable bucket 503 P5030, anything else is not ours', () => {
    expect(isStorageFull(Object.assign(new Error('no space'), { code: 'ENOSPC' }))).toBe(true);
    expect(isStorageFull(Object.assign(new Error('quota'), { code: 'EDQUOT' }))).toBe(true);
    expect(isStorageFull(new Error('ENOSPC in the text only'))).toBe(false);
    const full = storageFailure(Object.assign(new Error('x'), { code: 'ENOSPC' }));
    expect(full).toMatchObject({ code: ResultCode.STORAGE_FULL, key: 'upload.storageFull', status: 507 });
    const down = storageFailure(new StorageUnavailableError('S3 upload failed: Error ECONNREFUSED'));
    expect(down).toMatchObject({ code: ResultCode.UNAVAILABLE, key: 'upload.storageUnavailable', status: 503 });
    expect(storageFailure(new Error('EEXIST'))).toBeUndefined();
  });
});

describe('S3 configuration', () => {
  const keys = {
    FILES_STORAGE: 's3',
    S3_BUCKET: 'tessera-files',
    S3_ACCESS_KEY_ID: 'AKID',
    S3_SECRET_ACCESS_KEY: 'sk-very-secret',
  };

  it('reads bucket, keys, region, endpoint and path style', () => {
    expect(loadFilesConfig(keys, '.').s3).toEqual({
      bucket: 'tessera-files',
      region: 'us-east-1',
      accessKeyId: 'AKID',
      secretAccessKey: 'sk-very-secret',
      forcePathStyle: false,
    });
    const minio = loadFilesConfig(
      { ...keys, S3_ENDPOINT: 'http://127.0.0.1:9000/', S3_REGION: 'cn-north-1', S3_FORCE_PATH_STYLE: 'true' },
      '.',
    ).s3;
    expect(minio).toMatchObject({ endpoint: 'http://127.0.0.1:9000', region: 'cn-north-1', forcePathStyle: true });
    expect(loadFilesConfig({ S3_BUCKET: 'ignored' }, '.').s3).toBeUndefined();
  });

  it('names the variable at fault and never echoes the secret', () => {
    const messages: string[] = [];
    for (const env of [
      { FILES_STORAGE: 's3', S3_BUCKET: 'b1', S3_SECRET_ACCESS_KEY: 'sk-very-secret' },
      { ...keys, S3_BUCKET: 'Bad_Bucket' },
      { ...keys, S3_ENDPOINT: 'ftp://x' },
      { ...keys, S3_ENDPOINT: 'http://user:sk-very-secret@host' },
      { ...keys, S3_FORCE_PATH_STYLE: 'maybe' },
      { ...keys, S3_REGION: 'US East' },
    ]) {
      try {
        loadFilesConfig(env, '.');
        messages.push('accepted');
      } catch (error) {
        messages.push(String(error));
      }
    }
    expect(messages[0]).toMatch(/S3_ACCESS_KEY_ID/);
    expect(messages[1]).toMatch(/S3_BUCKET/);
    expect(messages[2]).toMatch(/S3_ENDPOINT/);
    expect(messages[3]).toMatch(/S3_ENDPOINT/);
    expect(messages[4]).toMatch(/S3_FORCE_PATH_STYLE/);
    expect(messages[5]).toMatch(/S3_REGION/);
    expect(messages.join('\n')).not.toContain('sk-very-secret');
  });
});
