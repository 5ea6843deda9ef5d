/**
 * Which file URLs the browser may use, and how. A stored value is data anyone with write access
 * could set, so only http(s) URLs and our own file API paths are ever put into src/href/iframe:
 * `javascript:`, `data:` and the like are dropped. File API paths need the session, so they are
 * fetched through the runtime's RequestFn (as blobs), never linked directly.
 */
import { extensionOf } from './accept';

const API_FILE = /^\/?api\/(files\/download\/[0-9a-zA-Z_-]+)$/;

/** 'api/files/download/<key>' → 'files/download/<key>' (relative to the API base), else undefined. */
export function apiFilePath(url: string): string | undefined {
  return API_FILE.exec(url.trim())?.[1];
}

/** The URL if a browser may load it as a resource: our file API path or an absolute http(s) URL. */
export function safeFileUrl(url: string | undefined | null): string | undefined {
  if (!url) return undefined;
  const text = url.trim();
  if (apiFilePath(text)) return text;
  try {
    const parsed = new URL(text);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

export type PreviewKind = 'image' | 'pdf' | 'video' | 'audio' | 'none';

const IMAGE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp']);
const VIDEO = new Set(['mp4', 'webm', 'mov', 'avi']);
const AUDIO = new Set(['mp3', 'wav', 'ogg']);

/** How a file can be previewed, from its name (or URL). SVG is never previewed: it can run script. */
export function previewKind(name: string): PreviewKind {
  const ext = extensionOf(name.split(/[?#]/)[0] ?? '');
  if (IMAGE.has(ext)) return 'image';
  if (ext === 'pdf') return 'pdf';
  if (VIDEO.has(ext)) return 'video';
  if (AUDIO.has(ext)) return 'audio';
  return 'none';
}
