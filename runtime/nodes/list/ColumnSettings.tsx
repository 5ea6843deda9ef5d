/**
 * 显隐列设置 (building-blocks §2): a 500px dialog listing the table's columns (列名 / 是否隐藏). The
 * choice is saved per user on the server (GET/PUT prefs/columns:<table>) and read on mount, so it
 * follows the user to another browser. Until the stored choice arrives every column shows.
 */
import { Modal, Switch, Table } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../protocol/codes';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import { hiddenColumns, loadColumnPref, saveColumnPref } from '../../core/list/column-prefs';
import { useRuntime, useT } from '../../react/context';
import { DIALOG_WIDTH } from './dialogs';

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

export function ColumnSettings(props: {
  open: boolean;
  fields: readonly FieldDefinition[];
  hidden: readonly string[];
  onChange(hidden: string[]): void;
  onClose(): void;
}) {
  const { lang } = useRuntime();
  const t = useT();
  const hidden = new Set(props.hidden);
  return (
    <Modal
      open={props.open}
      title={t('list.columns.title')}
      width={DIALOG_WIDTH}
      footer={null}
      onCancel={props.onClose}
      className="tessera-list-columns"
      destroyOnHidden
    >
      <Table
        size="small"
        rowKey="key"
        pagination={false}
        dataSource={props.fields.map((f) => ({ key: f.key, title: textOf(f.title, lang) }))}
        columns={[
          { key: 'title', dataIndex: 'title', title: t('list.columns.name') },
          {
            key: 'hidden',
            title: t('list.columns.hidden'),
            width: 120,
            render: (_: unknown, row: { key: string; title: string }) => (
              <Switch
                size="small"
                aria-label={row.title}
                checked={hidden.has(row.key)}
                onChange={(on) =>
                  props.onChange(on ? [...props.hidden, row.key] : props.hidden.filter((k) => k !== row.key))
                }
              />
            ),
          },
        ]}
      />
    </Modal>
  );
}
