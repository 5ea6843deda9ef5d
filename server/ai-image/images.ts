/**
 * The studio's files, kept through the file API's storage and table (server/files/library.ts), so
 * they are served like any file (GET api/files/download/<key>: signed-in users of the app, nosniff,
 * an inert type) and never hot-linked from a provider:
 * - a result: the original plus 300x300 and 100x100 thumbnails (PNG; a result that is not a PNG
 *   this server reads keeps its original as thumbnails);
 * - a reference image: PNG or JPG only, recognised by its bytes (an SVG, or an EXE renamed .png, is
 *   refused), read back as a data URI for midjourney-proxy's base64Array.
 */
import type { Kysely } from 'kysely';
import { DRAW_LIMITS, type DrawImage } from '../../protocol/ai-image';
import { fileTable } from '../db/migrations/0002-files';
import { newId } from '../db/ids';
import { badRequest } from '../errors';
import { checkFile, DOWNLOAD_PREFIX, FileStore, safeContentType, type StorageProvider } from '../files/library';
import { ApiError } from '../errors';
import { ResultCode } from '../../protocol/codes';
import { thumbnail } from './png';

export const REFERENCE_TYPES = ['png', 'jpg', 'jpeg'] as const;
/** A stored image's three file keys (what ai_draw_task.images holds). */
export interface StoredImage {
  file: string;
  thumb300: string;
  thumb100: string;
}

const KEY_OF_URL = new RegExp(`^/?${DOWNLOAD_PREFIX.replace(/\//g, '\\/')}([0-9a-f]{32})$`);

/** The file key a studio URL names (api/files/download/<key>), or undefined. */
export const keyOfUrl = (url: string) => KEY_OF_URL.exec(url.trim())?.[1];
export const urlOfKey = (key: string) => `${DOWNLOAD_PREFIX}${key}`;
export const imageView = (stored: StoredImage): DrawImage => ({
  url: urlOfKey(stored.file),
  thumb300: urlOfKey(stored.thumb300),
  thumb100: urlOfKey(stored.thumb100),
});

/** What kind of image the bytes are (by content, never by a name or a header). */
export function imageExt(bytes: Buffer): 'png' | 'jpg' | 'webp' | undefined {
  for (const ext of ['png', 'jpg', 'webp'] as const) if (!checkFile(ext, bytes, [])) return ext;
  return undefined;
}

async function readAll(stream: AsyncIterable<Buffer>, max: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    size += chunk.length;
    if (size > max) throw badRequest('aiImg.referenceTooLarge');
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export class DrawImages {
  private readonly files: FileStore;
  private readonly table: string;

  constructor(
    private readonly db: Kysely<any>,
    prefix: string,
    private readonly storage: StorageProvider,
    private readonly now: () => number,
  ) {
    this.files = new FileStore(db, prefix);
    this.table = fileTable(prefix);
  }

  /** Stores one file; on a failed row the bytes are removed again (no orphans). */
  async put(appId: string, userId: string, bytes: Buffer, ext: string, name: string): Promise<string> {
    const key = newId();
    const mime = safeContentType(ext);
    await this.storage.put(appId, key, bytes, { ext, mime });
    try {
      await this.files.insert(
        { id: key, app_id: appId, name: `${name}.${ext}`, ext, mime, size: bytes.length, storage: this.storage.name },
        userId,
        this.now(),
      );
    } catch (error) {
      await this.storage.remove(appId, key).catch(() => undefined);
      throw error;
    }
    return key;
  }

  /** A result image and its thumbnails; bytes that are not an image are refused, nothing stored. */
  async storeResult(appId: string, userId: string, bytes: Buffer, name: string): Promise<StoredImage> {
    const ext = imageExt(bytes);
    if (!ext) throw new ApiError(ResultCode.SERVER_ERROR, 'aiImg.badImage');
    const kept: string[] = [];
    try {
      const file = await this.put(appId, userId, bytes, ext, name);
      kept.push(file);
      const thumbs: string[] = [];
      for (const box of [DRAW_LIMITS.thumbLarge, DRAW_LIMITS.thumbSmall]) {
        const small = thumbnail(bytes, box);
        const key = small ? await this.put(appId, userId, small, 'png', `${name}-${box}`) : file;
        if (key !== file) kept.push(key);
        thumbs.push(key);
      }
      return { file, thumb300: thumbs[0]!, thumb100: thumbs[1]! };
    } catch (error) {
      await this.remove(appId, kept);
      throw error;
    }
  }

  /** The caller's reference image as a data URI: a PNG/JPG file of this app, else refused. */
  async referenceDataUri(appId: string, url: string): Promise<string> {
    const key = keyOfUrl(url);
    const row = key ? await this.files.find(appId, key) : undefined;
    if (!key || !row) throw badRequest('aiImg.referenceMissing');
    const stream = await this.storage.get(appId, key);
    if (!stream) throw badRequest('aiImg.referenceMissing');
    const bytes = await readAll(stream, 10 * 1024 * 1024);
    const ext = imageExt(bytes);
    if (ext !== 'png' && ext !== 'jpg') throw badRequest('aiImg.referenceType');
    return `data:${ext === 'png' ? 'image/png' : 'image/jpeg'};base64,${bytes.toString('base64')}`;
  }

  async remove(appId: string, keys: string[]): Promise<void> {
    const unique = [...new Set(keys)];
    if (unique.length === 0) return;
    await this.db
      .updateTable(this.table)
      .set({ is_deleted: 1 })
      .where('app_id', '=', appId)
      .where('id', 'in', unique)
      .execute();
    for (const key of unique) await this.storage.remove(appId, key).catch(() => undefined);
  }
}
