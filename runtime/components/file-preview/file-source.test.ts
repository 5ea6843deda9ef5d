import { describe, expect, it } from 'vitest';
import type { RequestFn } from '../../../protocol/http';
import { fetchBlob } from './file-source';

/** A request function answering one blob, as the shell's does for `responseType: 'blob'`. */
const answering = (blob: Blob) => (async () => ({ code: '200', message: '', data: blob })) as unknown as RequestFn;

describe('the preview fetches a file as a blob it may show from a blob: URL', () => {
  it('keeps PDFs, images and media as they are', async () => {
    for (const type of ['application/pdf', 'image/png', 'image/jpeg', 'video/mp4', 'audio/mpeg']) {
      const blob = await fetchBlob(answering(new Blob(['x'], { type })), '/api/file/a');
      expect(blob.type).toBe(type);
    }
  });

  it('re-types anything a frame could render as a document (HTML, SVG, XML, unknown) as octet-stream', async () => {
    for (const type of ['text/html', 'image/svg+xml', 'application/xml', 'text/html; charset=utf-8', '']) {
      const blob = await fetchBlob(answering(new Blob(['<script>alert(1)</script>'], { type })), '/api/file/a');
      expect(blob.type).toBe('application/octet-stream');
      expect(await blob.text()).toBe('<script>alert(1)</script>');
    }
  });
});
