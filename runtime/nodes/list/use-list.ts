/** React glue for the headless list controller, and the dictionary options table cells need. */
import { useEffect, useLayoutEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { FieldDefinition } from '../../../protocol/page-schema';
import {
  createListController,
  type ListController,
  type ListControllerOptions,
  type ListState,
} from '../../core/list/controller';
import type { DictOption } from '../../core/data/provider';
import { fieldDictApi } from '../../core/data/dict';
import { useRuntime } from '../../react/context';

export function useListController(options: ListControllerOptions, deps: unknown[]): [ListController, ListState] {
  const onError = useRef(options.onError);
  onError.current = options.onError;
  const controller = useMemo(
    () => createListController({ ...options, onError: (e) => onError.current?.(e) }),
    // The caller names what the controller depends on (provider, fields, paging settings).
    // eslint-disable-next-line react-hooks/exhaustive-deps
    deps,
  );
  const state = useSyncExternalStore(controller.subscribe, controller.getState);
  // A source that answers at once (STATIC rows) is already in the first state (controller.start
  // has nothing to do). Others start before the first paint, not after it, so a fast answer still
  // lands through the store's synchronous update before the browser paints.
  useLayoutEffect(() => {
    void controller.start();
  }, [controller]);
  return [controller, state];
}

/**
 * Options of every field with a dictApi, by field key; the shared loader de-duplicates the requests.
 * A new `version` asks again (after the loader's cache was cleared by a save).
 */
export function useDictOptions(fields: readonly FieldDefinition[], version = 0): Record<string, DictOption[]> {
  const { loadDict } = useRuntime();
  const [options, setOptions] = useState<Record<string, DictOption[]>>({});
  const withDict = fields.flatMap((f) => {
    const api = fieldDictApi(f);
    return api ? [{ key: f.key, api }] : [];
  });
  const signature = JSON.stringify(withDict);
  useEffect(() => {
    let live = true;
    for (const field of withDict) {
      loadDict(field.api)
        .then((list) => live && setOptions((prev) => ({ ...prev, [field.key]: list })))
        // A missing dictionary only costs labels: cells fall back to the stored value.
        .catch(() => undefined);
    }
    return () => {
      live = false;
    };
    // signature stands for the dictApi definitions.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [signature, loadDict, version]);
  return options;
}
