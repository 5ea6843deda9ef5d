/**
 * The hidden columns of a list (显隐列设置, building-blocks §2): read from the user's prefs on the
 * server on mount, saved back when the column dialog (ColumnSettings.tsx) changes them. Apart from
 * the dialog, so a list page does not load the dialog's antd Modal to know which columns to show.
 */
import { useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../protocol/codes';
import { hiddenColumns, loadColumnPref, saveColumnPref } from '../../core/list/column-prefs';
import { useRuntime, useT } from '../../react/context';

/** The hidden column keys of a list, and a setter that saves them. */
export function useHiddenColumns(
  prefKey: string | undefined,
  columns: readonly string[],
  onError: (message: string) => void,
) {
  const { request } = useRuntime();
  const t = useT();
  const [hidden, setHidden] = useState<string[]>([]);
  const signature = columns.join(',');
  useEffect(() => {
    // No column settings on this list: nothing stored to read.
    if (!prefKey) return;
    let live = true;
    loadColumnPref(request, prefKey)
      .then((value) => live && setHidden(hiddenColumns(value, signature.split(','))))
      // No stored choice (or no prefs service): every column shows.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [request, prefKey, signature]);
  const save = useCallback(
    async (next: string[]) => {
      if (!prefKey) return;
      const previous = hidden;
      setHidden(next);
      try {
        const answer = await saveColumnPref(request, prefKey, next);
        if (isSuccess(answer.code)) return;
        onError(t('list.columns.saveFailed', { message: answer.message }));
      } catch (error) {
        onError(t('list.columns.saveFailed', { message: error instanceof Error ? error.message : String(error) }));
      }
      setHidden(previous);
    },
    [request, prefKey, hidden, onError, t],
  );
  return [hidden, save] as const;
}
