import { describe, expect, it } from 'vitest';
import { HTML_PAGE, JPEG_HEAD, PDF_MINI, PNG_1PX, SVG_WITH_SCRIPT, TEXT_NOTE } from '../../fixtures/files/samples';
import { DEFAULT_MAX_BYTES, loadFilesConfig } from './config';
import { attachmentDisposition, cleanFileName, formatBytes } from './names';
import { signUploadToken, urlsafeBase64 } from './qiniu';
import { checkFile, safeContentType } from './types';

describe('file names', () => {
  it('drops directories and control characters, never yields an empty or dot name', () => {
    expect(cleanFileName('../../etc/passwd')).toBe('passwd');
    expect(cleanFileName('C:\\Users\\a\\报告.pdf')).toBe('报告.pdf');
    expect(cleanFileName('a\u0000b\r\n.png')).toBe('ab.png');
    expect(cleanFileName('..')).toBe('file');
    expect(cleanFileName(undefined)).toBe('file');
    const long = cleanFileName(`${'长'.repeat(300)}.docx`);
    expect(long.length).toBe(200);
    expect(long.endsWith('.docx')).toBe(true);
  });

  it('builds an RFC 5987 attachment header with an ASCII fallback free of quotes', () => {
    expect(attachmentDisposition('a"b;c.pdf')).toBe(`attachment; filename="a_b_c.pdf"; filename*=UTF-8''a%22b%3Bc.pdf`);
    expect(attachmentDisposition("it's (1).txt")).toBe(
      `attachment; filename="it's (1).txt"; filename*=UTF-8''it%27s%20%281%29.txt`,
    );
    expect(formatBytes(20 * 1024 * 1024)).toBe('20 MB');
  });
});

describe('content checks', () => {
  it('accepts matching magic bytes and refuses disguised content', () => {
    expect(checkFile('png', PNG_1PX, ['png'])).toBeUndefined();
    expect(checkFile('jpg', JPEG_HEAD, ['jpeg'])).toBeUndefined();
    expect(checkFile('pdf', PDF_MINI, [])).toBeUndefined();
    expect(checkFile('png', HTML_PAGE, [])).toBe('upload.contentMismatch');
    expect(checkFile('pdf', PNG_1PX, [])).toBe('upload.contentMismatch');
    expect(checkFile('txt', HTML_PAGE, [])).toBe('upload.contentMismatch');
    expect(checkFile('txt', TEXT_NOTE, [])).toBeUndefined();
    expect(checkFile('svg', SVG_WITH_SCRIPT, ['image/*'])).toBe('upload.typeInvalid');
    expect(checkFile('png', PNG_1PX, ['image/*'])).toBeUndefined();
    expect(checkFile('html', HTML_PAGE, [])).toBe('upload.typeInvalid');
    expect(checkFile('constructor', PNG_1PX, [])).toBe('upload.typeInvalid');
  });

  it('serves only inert types by name; markup and text are octet-stream', () => {
    expect(safeContentType('png')).toBe('image/png');
    expect(safeContentType('svg')).toBe('application/octet-stream');
    expect(safeContentType('html')).toBe('application/octet-stream');
    expect(safeContentType('txt')).toBe('application/octet-stream');
  });
});

describe('configuration', () => {
  it('defaults to DATA_DIR/files and 20 MB, and validates numbers and key pairs', () => {
    expect(loadFilesConfig({}, './data')).toEqual({
      root: 'data/files',
      maxBytes: DEFAULT_MAX_BYTES,
      qiniuTokenTtl: 3600,
    });
    expect(() => loadFilesConfig({ FILES_MAX_BYTES: '-1' }, '.')).toThrow(/FILES_MAX_BYTES/);
    expect(() => loadFilesConfig({ QINIU_ACCESS_KEY: 'ak' }, '.')).toThrow(/set together/);
    const withKeys = loadFilesConfig({ QINIU_ACCESS_KEY: 'ak', QINIU_SECRET_KEY: 'very-secret' }, '.');
    expect(withKeys.qiniu).toEqual({ accessKey: 'ak', secretKey: 'very-secret' });
    let message = '';
    try {
      loadFilesConfig({ QINIU_ACCESS_KEY: 'ak', QINIU_SECRET_KEY: 'very-secret', QINIU_UPLOAD_URL: 'ftp://x' }, '.');
    } catch (error) {
      message = String(error);
    }
    expect(message).toMatch(/QINIU_UPLOAD_URL/);
    expect(message).not.toContain('very-secret');
  });

  it('FILES_STORAGE=qiniu needs the bucket, its domain and a known region', () => {
    const keys = { QINIU_ACCESS_KEY: 'ak', QINIU_SECRET_KEY: 'sk' };
    expect(() => loadFilesConfig({ FILES_STORAGE: 's3' }, '.')).toThrow(/FILES_STORAGE/);
    expect(() => loadFilesConfig({ FILES_STORAGE: 'qiniu', ...keys }, '.')).toThrow(/QINIU_BUCKET/);
    const base = { FILES_STORAGE: 'qiniu', ...keys, QINIU_BUCKET: 'b', QINIU_DOWNLOAD_URL: 'https://f.example.com' };
    expect(() => loadFilesConfig({ ...base, QINIU_REGION: 'mars' }, '.')).toThrow(/QINIU_REGION/);
    expect(loadFilesConfig({ ...base, QINIU_REGION: 'cn-east-2' }, '.').serverBucket).toEqual({
      bucket: 'b',
      region: 'cn-east-2',
      downloadUrl: 'https://f.example.com',
    });
  });
});

describe('local storage', () => {
  it('refuses any path segment the server did not make', async () => {
    const { LocalStorage } = await import('./storage');
    const { mkdtempSync, rmSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const root = mkdtempSync(join(tmpdir(), 'tessera-local-'));
    try {
      const storage = new LocalStorage(root);
      await expect(storage.put('../x', 'k', PNG_1PX)).rejects.toThrow(/unsafe/);
      await expect(storage.put('app', '../../etc/passwd', PNG_1PX)).rejects.toThrow(/unsafe/);
      await storage.put('app', 'k1', PNG_1PX);
      await expect(storage.put('app', 'k1', PNG_1PX)).rejects.toThrow(/EEXIST/);
      // A refused overwrite leaves the first file as it was.
      const chunks: Buffer[] = [];
      for await (const chunk of (await storage.get('app', 'k1', { start: 1, end: 3 }))!) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks)).toEqual(PNG_1PX.subarray(1, 4));
      expect(await storage.get('app', 'missing')).toBeUndefined();
      await storage.remove('app', 'k1');
      expect(await storage.get('app', 'k1')).toBeUndefined();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('Qiniu token', () => {
  it("matches Qiniu's documented example (AccessKey:encodedSign:encodedPutPolicy)", () => {
    // The worked example of Qiniu's upload-token documentation.
    const token = signUploadToken(
      { accessKey: 'MY_ACCESS_KEY', secretKey: 'MY_SECRET_KEY' },
      {
        scope: 'my-bucket:sunflower.jpg',
        deadline: 1451491200,
        returnBody: '{"name":$(fname),"size":$(fsize),"w":$(imageInfo.width),"h":$(imageInfo.height),"hash":$(etag)}',
      },
    );
    const [, sign, encoded] = token.split(':');
    expect(encoded).toBe(
      urlsafeBase64(
        JSON.stringify({
          scope: 'my-bucket:sunflower.jpg',
          deadline: 1451491200,
          returnBody: '{"name":$(fname),"size":$(fsize),"w":$(imageInfo.width),"h":$(imageInfo.height),"hash":$(etag)}',
        }),
      ),
    );
    expect(sign).toBe('wQ4ofysef1R7IKnrziqtomqyDvI=');
  });
});
