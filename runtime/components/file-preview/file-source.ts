/**
 * Turning stored file URLs into something the browser can show or save. Our file API needs the
 * session header, so its files are fetched through the runtime's RequestFn as blobs and shown via
 * object URLs; absolute http(s) URLs (cloud storage) are used as they are; anything else is dropped.
 */
import { useEffect, useState } from 'react';
import type { MessageInstance } from 'antd/es/message/interface';
import type { RequestFn } from '../../../protocol/http';
import { translate } from '../../../protocol/messages';
import type { Lang } from '../../../protocol/constants';
import { apiFilePath, safeFileUrl } from '../../core/upload/urls';
import type { FileItem } from '../../core/upload/value';

/** Types a preview may show from a blob: URL (PDFs in a frame, images, media). */
const PREVIEWABLE = /^(application\/pdf|image\/(png|jpeg|gif|webp|bmp)|video\/[\w.+-]+|audio\/[\w.+-]+)$/;

/**
 * The file's bytes as a blob. A blob: URL has this page's origin, so a blob that a frame could
 * render as a document (HTML, SVG, XML, anything unknown) is re-typed as octet-stream: the preview
 * frame then shows nothing rather than run markup here, whatever type the store answered.
 */
export async function fetchBlob(request: RequestFn, path: string): Promise<Blob> {
  const answer = await request<Blob>({ method: 'GET', url: path, responseType: 'blob' });
  const blob = answer.data;
  const type = blob.type.split(';')[0]!.trim().toLowerCase();
  return PREVIEWABLE.test(type) ? blob : new Blob([blob], { type: 'application/octet-stream' });
}

/** url → a loadable src (object URL for our files), kept while mounted; unusable URLs map to undefined. */
export function useFileSources(request: RequestFn, urls: readonly string[]): Record<string, string | undefined> {
  const key = urls.join('\n');
  const [sources, setSources] = useState<Record<string, string | undefined>>({});
  useEffect(() => {
    let alive = true;
    const created: string[] = [];
    const next: Record<string, string | undefined> = {};
    const pending: Promise<void>[] = [];
    for (const url of key ? key.split('\n') : []) {
      const safe = safeFileUrl(url);
      const path = safe && apiFilePath(safe);
      if (!path) {
        next[url] = safe;
        continue;
      }
      pending.push(
        fetchBlob(request, path)
          .then((blob) => {
            const objectUrl = URL.createObjectURL(blob);
            created.push(objectUrl);
            next[url] = objectUrl;
          })
          .catch(() => {
            next[url] = undefined;
          }),
      );
    }
    setSources({ ...next });
    void Promise.all(pending).then(() => {
      if (alive) setSources({ ...next });
    });
    return () => {
      alive = false;
      for (const objectUrl of created) URL.revokeObjectURL(objectUrl);
    };
  }, [request, key]);
  return sources;
}

function save(href: string, name: string): void {
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = name;
  anchor.rel = 'noopener';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
}

/** Saves a file under its original name, showing 正在下载中 meanwhile (platform-shell §8). */
export async function downloadFile(
  request: RequestFn,
  lang: Lang,
  file: FileItem,
  /** From message.useMessage(): messages render inside the caller's tree and theme. */
  message: MessageInstance,
): Promise<boolean> {
  const safe = safeFileUrl(file.url);
  if (!safe) return false;
  const key = `download-${file.url}`;
  void message.loading({ content: translate(lang, 'upload.downloading'), key, duration: 0 });
  try {
    const path = apiFilePath(safe);
    if (!path) {
      save(safe, file.name);
      return true;
    }
    const objectUrl = URL.createObjectURL(await fetchBlob(request, path));
    save(objectUrl, file.name);
    setTimeout(() => URL.revokeObjectURL(objectUrl), 60_000);
    return true;
  } catch {
    void message.error(translate(lang, 'upload.failed'));
    return false;
  } finally {
    message.destroy(key);
  }
}
