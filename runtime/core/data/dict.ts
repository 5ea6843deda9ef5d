/**
 * The dictionary loader (building-blocks §7 "Dictionary loading"): GET {dictApi.url} with its params
 * (and kwKey=keyword for a search select), mapping valueKey/labelKey. Many fields share the same
 * dictionaries (every row of a table, every select of a form), so identical requests are
 * de-duplicated while in flight and answered from a bounded cache afterwards. Failures are not
 * cached: the next call tries again.
 */
import { isSuccess } from '../../../protocol/codes';
import type { Lang } from '../../../protocol/constants';
import type { RequestFn } from '../../../protocol/http';
import type { DictApi, FieldDefinition } from '../../../protocol/page-schema';
import type { DictLoader, DictOption, Row } from './provider';
import { joinUrl, toQuery } from './wire';

/** The app dictionary `code` as a dictApi (GET dict/<code>, items { value, label }). */
export const appDictApi = (code: string): DictApi => ({ url: `dict/${code}`, valueKey: 'value', labelKey: 'label' });

/**
 * Where a field's options load from: its dictApi, else the app dictionary it names in `dict`
 * (the dashboard designer's table columns name it that way).
 */
export const fieldDictApi = (field: Pick<FieldDefinition, 'dict' | 'dictApi'>): DictApi | undefined =>
  field.dictApi ?? (typeof field.dict === 'string' && field.dict ? appDictApi(field.dict) : undefined);

export interface CachedDictLoader extends DictLoader {
  /** Forgets every cached answer (after a dictionary is edited, or on sign-out). */
  clear(): void;
}

/**
 * After a record is saved or deleted, dictionaries may be stale (a new department must be offered
 * as a parent at once, not after the 10-minute TTL). Loaders without a cache have nothing to forget.
 */
export function forgetDictionaries(loader: DictLoader): void {
  (loader as Partial<CachedDictLoader>).clear?.();
}

export interface DictLoaderOptions {
  /** Most distinct requests remembered; keyword searches make many, so the cache is bounded. */
  maxEntries?: number;
  /** How long an answer stays fresh; default 10 minutes. */
  ttlMs?: number;
  now?: () => number;
  /**
   * The reader's language. In English an item's `<labelKey>_en` (the server's dictionaries carry
   * label_en) is its label when set; otherwise, and in Chinese, the label itself.
   */
  lang?: Lang;
}

export class DictLoadError extends Error {
  constructor(
    message: string,
    readonly code: string | number,
  ) {
    super(message);
    this.name = 'DictLoadError';
  }
}

function mapItems(items: unknown, valueKey: string, labelKey: string, lang: Lang | undefined): DictOption[] {
  if (!Array.isArray(items)) return [];
  return items
    .filter((item): item is Row => !!item && typeof item === 'object')
    .map((item) => {
      const { children, ...rest } = item;
      const english = lang === 'en' ? item[`${labelKey}_en`] : undefined;
      const label = typeof english === 'string' && english ? english : item[labelKey];
      const option: DictOption = { ...rest, value: item[valueKey] as DictOption['value'], label: String(label ?? item[valueKey] ?? '') };
      if (Array.isArray(children) && children.length) option.children = mapItems(children, valueKey, labelKey, lang);
      return option;
    });
}

/** Stable key: params sorted, so {a,b} and {b,a} share one entry. */
function cacheKey(url: string, query: Record<string, unknown>): string {
  const entries = Object.entries(query).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `${url}?${JSON.stringify(entries)}`;
}

export function createDictLoader(request: RequestFn, options: DictLoaderOptions = {}): CachedDictLoader {
  const maxEntries = options.maxEntries ?? 200;
  const ttlMs = options.ttlMs ?? 600_000;
  const now = options.now ?? (() => Date.now());
  const cache = new Map<string, { at: number; promise: Promise<DictOption[]> }>();

  const loader = (async (dictApi: DictApi, keyword?: string) => {
    const url = joinUrl(dictApi.url);
    const query = toQuery({
      ...dictApi.params,
      ...(dictApi.kwKey && keyword !== undefined && keyword !== '' ? { [dictApi.kwKey]: keyword } : {}),
    });
    const key = cacheKey(url, query);
    const hit = cache.get(key);
    if (hit && now() - hit.at < ttlMs) {
      // Refresh its place so the most recently used entries survive eviction.
      cache.delete(key);
      cache.set(key, hit);
      return hit.promise;
    }
    const promise = request<unknown>({ method: 'GET', url, query }).then((result) => {
      if (!isSuccess(result.code)) throw new DictLoadError(result.message, result.code);
      const data = result.data as unknown;
      const items = Array.isArray(data) ? data : (data as { list?: unknown } | null)?.list;
      return mapItems(items, dictApi.valueKey ?? 'value', dictApi.labelKey ?? 'label', options.lang);
    });
    cache.set(key, { at: now(), promise });
    promise.catch(() => {
      if (cache.get(key)?.promise === promise) cache.delete(key);
    });
    while (cache.size > maxEntries) cache.delete(cache.keys().next().value as string);
    return promise;
  }) as CachedDictLoader;
  loader.clear = () => cache.clear();
  return loader;
}
