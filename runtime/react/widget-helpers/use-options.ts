/**
 * Options of a choice widget: static items (compiled from selectItems: hidden and role-restricted
 * ones already dropped, labels in the form's language) filtered by each item's hiddenFn against the
 * live form values, or a dictionary loaded through the runtime's shared loader (widgets never
 * fetch). Call from an observer component so hiddenFn re-runs when the values it reads change.
 */
import { useEffect, useReducer, useRef, useState } from 'react';
import { useField, useForm } from '@formily/react';
import { reaction } from '@formily/reactive';
import type { DictApi } from '../../../protocol/page-schema';
import type { ResolvedItem } from '../../core/compiler/select-items';
import { evaluate } from '../../core/expression/evaluate';
import { linkedDictApi } from '../../core/linkage/linked-source';
import { useRuntime } from '../context';
import { OptionsLoader, type Option } from './options-loader';

export { SPINNER_DELAY_MS, type Option } from './options-loader';

export interface OptionSource {
  items?: ResolvedItem[];
  dictApi?: DictApi;
  /**
   * Whether the widget shows its options now. A widget that shows them only in a popup (a select:
   * closed and without a value shows none of them) answers false then, and a new answer waits for
   * its next render instead of causing one. Default: always shown (radios, checkboxes, read views).
   */
  optionsShown?: () => boolean;
}

function visibleItems(items: ResolvedItem[], values: object): Option[] {
  return items
    .filter((item) => {
      if (!item.hiddenFn) return true;
      try {
        return !evaluate(item.hiddenFn, { $values: values }, { fallback: values });
      } catch (error) {
        console.warn(`[tessera] ${(error as Error).message}`);
        return true;
      }
    })
    .map((item) => ({
      value: item.value,
      label: item.label,
      children: item.children && visibleItems(item.children, values),
    }));
}

/**
 * A choice widget's options: its static items, or the dictionary it follows — its own `dictApi`
 * prop, or the one a linkage resolved for its field (runtime/core/linkage/linked-source.ts). The
 * linkage's is watched by a reaction, not read in render, so a parent's keystroke costs a dependent
 * a load and no render unless something it shows changes (issue 23). Every render reads the latest
 * answer. `dictApi` in the result is the one followed (for a select's remote search).
 */
export function useOptions(source: OptionSource): {
  options: Option[];
  loading: boolean;
  dictApi: DictApi | undefined;
  search: (keyword: string) => void;
} {
  const form = useForm();
  const field = useField() as Parameters<typeof linkedDictApi>[0];
  const { loadDict } = useRuntime();
  const [, rerender] = useReducer((n: number) => n + 1, 0);
  const shown = useRef(source.optionsShown);
  shown.current = source.optionsShown;
  const [loader] = useState(
    () =>
      new OptionsLoader(loadDict, (change) => {
        if (change === 'loading' || !shown.current || shown.current()) rerender();
      }),
  );
  loader.loadDict = loadDict;
  const own = source.dictApi;
  const ownKey = own ? JSON.stringify(own) : '';

  useEffect(() => {
    // A linkage dependent follows the linkage (undefined while a parent is empty); any other
    // widget its own prop. The reaction runs now and again only when the linkage sets a new source.
    const dispose = reaction(
      () => linkedDictApi(field),
      (linked) => loader.follow(linked ? linked.dictApi : own),
      { fireImmediately: true },
    );
    return () => {
      dispose();
      loader.stop();
    };
    // ownKey stands for `own`: a new object with the same content must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [loader, field, ownKey]);

  const dictApi = loader.dictApi;
  const options = dictApi ? loader.options : visibleItems(source.items ?? [], form.values);
  return { options, loading: loader.loading, dictApi, search: (keyword: string) => loader.load(keyword) };
}

/** Label of a value among (nested) options; the value itself when it is not an option. */
export function labelOf(options: Option[], value: unknown): string {
  for (const option of options) {
    if (String(option.value) === String(value)) return option.label;
    const nested = option.children && labelOf(option.children, value);
    if (nested !== undefined && nested !== String(value)) return nested;
  }
  return value === null || value === undefined ? '' : String(value);
}
