/**
 * Options of a choice widget: static items (compiled from selectItems: hidden and role-restricted
 * ones already dropped, labels in the form's language) filtered by each item's hiddenFn against the
 * live form values, or a dictionary loaded through the runtime's shared loader (widgets never
 * fetch). Call from an observer component so hiddenFn re-runs when the values it reads change.
 */
import { useEffect, useRef, useState } from 'react';
import { useForm } from '@formily/react';
import type { DictApi } from '../../../protocol/page-schema';
import type { DictOption } from '../../core/data/provider';
import type { ResolvedItem } from '../../core/compiler/select-items';
import { evaluate } from '../../core/expression/evaluate';
import { useRuntime } from '../context';

export interface Option {
  value: string | number | boolean;
  label: string;
  children?: Option[];
}

export interface OptionSource {
  items?: ResolvedItem[];
  dictApi?: DictApi;
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

const toOptions = (list: DictOption[]): Option[] =>
  list.map((o) => ({ value: o.value, label: o.label, children: o.children && toOptions(o.children) }));

/** How long a load runs before the widget shows it is loading. */
export const SPINNER_DELAY_MS = 200;

export function useOptions(source: OptionSource): {
  options: Option[];
  loading: boolean;
  search: (keyword: string) => void;
} {
  const form = useForm();
  const { loadDict } = useRuntime();
  const [dictOptions, setDictOptions] = useState<Option[]>([]);
  // Loading is derived, not set when a load starts: a linkage parent's keystroke changes its
  // dependents' dictApi, and a `setLoading(true)` in the effect cost each dependent a second render
  // inside the keystroke (20 dependents: 20 extra renders; issue 23). `settledKey` is the dictApi
  // the shown options answer; a keyword search flags itself.
  const [settledKey, setSettledKey] = useState<string | undefined>(undefined);
  const [searching, setSearching] = useState(false);
  const latest = useRef(0);
  const { dictApi } = source;
  const dictKey = dictApi ? JSON.stringify(dictApi) : '';

  const load = (keyword?: string) => {
    if (!dictApi) return;
    const ticket = ++latest.current;
    const key = dictKey;
    if (keyword !== undefined) setSearching(true);
    // One callback settles options, key and flag together: one render per answer.
    const settle = (options: Option[]) => {
      if (ticket !== latest.current) return;
      setDictOptions(options);
      setSettledKey(key);
      setSearching(false);
    };
    loadDict(dictApi, keyword).then(
      (list) => settle(toOptions(list)),
      (error: Error) => {
        if (ticket === latest.current) console.warn(`[tessera] ${error.message}`);
        settle([]);
      },
    );
  };

  useEffect(() => {
    load();
    // dictKey stands for dictApi: a new object with the same content must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dictKey]);

  const pending = (!!dictApi && settledKey !== dictKey) || searching;
  // The spinner shows once a load has taken SPINNER_DELAY_MS (antd's Spin `delay`, for the same
  // reason): a dependent's options that arrive at once must not swap its arrow for a spinner and
  // back on every keystroke in its parent (two icon mounts per dependent per key; issue 23).
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!pending) return void setSlow(false);
    const timer = setTimeout(() => setSlow(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [pending]);
  const loading = pending && slow;
  const options = dictApi ? dictOptions : visibleItems(source.items ?? [], form.values);
  return { options, loading, search: (keyword: string) => load(keyword) };
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
