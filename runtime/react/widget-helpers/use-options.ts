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

export function useOptions(source: OptionSource): {
  options: Option[];
  loading: boolean;
  search: (keyword: string) => void;
} {
  const form = useForm();
  const { loadDict } = useRuntime();
  const [dictOptions, setDictOptions] = useState<Option[]>([]);
  const [loading, setLoading] = useState(false);
  const latest = useRef(0);
  const { dictApi } = source;
  const dictKey = dictApi ? JSON.stringify(dictApi) : '';

  const load = (keyword?: string) => {
    if (!dictApi) return;
    const ticket = ++latest.current;
    setLoading(true);
    loadDict(dictApi, keyword)
      .then((list) => ticket === latest.current && setDictOptions(toOptions(list)))
      .catch(
        (error: Error) => ticket === latest.current && (console.warn(`[tessera] ${error.message}`), setDictOptions([])),
      )
      .finally(() => ticket === latest.current && setLoading(false));
  };

  useEffect(() => {
    load();
    // dictKey stands for dictApi: a new object with the same content must not reload.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [dictKey]);

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
