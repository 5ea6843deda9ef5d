/**
 * Downloads are streamed on every storage, never read whole: for a 20 MB object, each storage's
 * `get` hands out its first bytes after reading a small part of the object. The local disk counts
 * what its file stream has read; Qiniu and S3 are reached through a relay that counts what the
 * store has sent. (files-s3.test.ts proves the same through the HTTP route.)
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, type ReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QiniuStorage } from '../../server/files/qiniu-storage';
import { S3Storage } from '../../server/files/s3-storage';
import { LocalStorage } from '../../server/files/storage';
import { startCountingRelay, type CountingRelay } from '../helpers/counting-relay';
import { startFakeQiniu, type FakeQiniu } from '../fakes/qiniu/server';
import { FAKE_S3_ACCESS_KEY_ID, startFakeS3, type FakeS3 } from '../fakes/s3';

const SIZE = 20 * 1024 * 1024;
const KEY = 'a'.repeat(32);
const big = randomBytes(SIZE);

/** Reads the first chunk, then the rest; answers what `readSoFar` said at the first chunk, and the total. */
async function firstChunkThenRest(stream: Readable, readSoFar: () => number) {
  const iterator = stream[Symbol.asyncIterator]();
  const first = await iterator.next();
  const atFirstChunk = readSoFar();
  let total = (first.value as Buffer).length;
  for (let next = await iterator.next(); !next.done; next = await iterator.next())
    total += (next.value as Buffer).length;
  return { atFirstChunk, total };
}

const hostPort = (url: string) => ({ host: '127.0.0.1', port: Number(new URL(url).port) });

describe('every storage streams a 20 MB download', () => {
  let root: string;
  let qiniu: FakeQiniu;
  let s3: FakeS3;
  const relays: CountingRelay[] = [];

  beforeAll(async () => {
    process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true';
    root = mkdtempSync(join(tmpdir(), 'tessera-stream-'));
    qiniu = await startFakeQiniu({ keys: { AK: 'SK' }, buckets: ['b'] });
    s3 = await startFakeS3({ buckets: ['tessera-files'], secretAccessKey: 'secret' });
  });
  afterAll(async () => {
    for (const relay of relays) await relay.close();
    await qiniu?.close();
    await s3?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('local disk: a file stream, not a file read', async () => {
    const storage = new LocalStorage(root);
    await storage.put('app', KEY, big);
    const stream = (await storage.get('app', KEY)) as ReadStream;
    const { atFirstChunk, total } = await firstChunkThenRest(stream, () => stream.bytesRead);
    expect(atFirstChunk).toBeLessThan(SIZE / 4);
    expect(total).toBe(SIZE);
  });

  it('Qiniu: the bucket’s answer piped as it arrives', async () => {
    const relay = await startCountingRelay(hostPort(qiniu.url));
    relays.push(relay);
    const via = `http://127.0.0.1:${relay.port}`;
    const storage = new QiniuStorage({
      credentials: { accessKey: 'AK', secretKey: 'SK' },
      bucket: 'b',
      uploadUrl: qiniu.url,
      downloadUrl: via,
      rsUrl: qiniu.url,
    });
    await storage.put('app', KEY, big, { mime: 'application/octet-stream' });
    const { atFirstChunk, total } = await firstChunkThenRest((await storage.get('app', KEY))!, relay.fromTarget);
    expect(atFirstChunk).toBeLessThan(SIZE / 4);
    expect(total).toBe(SIZE);
    expect(relay.fromTarget()).toBeGreaterThanOrEqual(SIZE);
  });

  it('S3: GetObject’s body piped as it arrives', async () => {
    const relay = await startCountingRelay(hostPort(s3.url));
    relays.push(relay);
    const storage = new S3Storage({
      bucket: 'tessera-files',
      region: 'us-east-1',
      accessKeyId: FAKE_S3_ACCESS_KEY_ID,
      secretAccessKey: 'secret',
      endpoint: `http://127.0.0.1:${relay.port}`,
      forcePathStyle: true,
    });
    try {
      await storage.put('app', KEY, big, { mime: 'application/octet-stream' });
      const start = relay.fromTarget();
      const { atFirstChunk, total } = await firstChunkThenRest(
        (await storage.get('app', KEY))!,
        () => relay.fromTarget() - start,
      );
      expect(atFirstChunk).toBeLessThan(SIZE / 4);
      expect(total).toBe(SIZE);
    } finally {
      storage.close();
    }
  });
});
