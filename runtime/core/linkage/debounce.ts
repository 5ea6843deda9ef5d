/**
 * Search-as-you-type for dictApi with kwKey: keystrokes within `waitMs` collapse into one request
 * through the shared loader (which also de-duplicates and caches). Plain loads (no keyword) pass
 * straight through. Superseded calls resolve with the answer of the call that replaced them, so a
 * caller awaiting an older keystroke never hangs (the select keeps only its newest answer anyway).
 */
import type { DictApi } from '../../../protocol/page-schema';
import type { DictLoader, DictOption } from '../data/provider';

export const SEARCH_DEBOUNCE_MS = 300;

interface Pending {
  timer: ReturnType<typeof setTimeout>;
  waiters: { resolve: (v: DictOption[]) => void; reject: (e: unknown) => void }[];
}

export function debounceSearch(loader: DictLoader, waitMs = SEARCH_DEBOUNCE_MS): DictLoader {
  // One pending search per dictionary (url + params): two search selects never cancel each other.
  const pending = new Map<string, Pending>();
  return (dictApi: DictApi, keyword?: string) => {
    if (keyword === undefined || !dictApi.kwKey) return loader(dictApi, keyword);
    const key = JSON.stringify([dictApi.url, dictApi.params ?? null, dictApi.kwKey]);
    const previous = pending.get(key);
    if (previous) clearTimeout(previous.timer);
    const waiters = previous?.waiters ?? [];
    return new Promise<DictOption[]>((resolve, reject) => {
      waiters.push({ resolve, reject });
      const timer = setTimeout(() => {
        pending.delete(key);
        loader(dictApi, keyword).then(
          (options) => waiters.forEach((w) => w.resolve(options)),
          (error: unknown) => waiters.forEach((w) => w.reject(error)),
        );
      }, waitMs);
      pending.set(key, { timer, waiters });
    });
  };
}
