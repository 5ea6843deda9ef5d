/**
 * 显隐列设置 (building-blocks §2): a 500px dialog listing the table's columns (列名 / 是否隐藏). The
 * choice is saved per user on the server (GET/PUT prefs/columns:<table>) and read on mount, so it
 * follows the user to another browser. Until the stored choice arrives every column shows.
 * The stored choice is read by useHiddenColumns (use-hidden-columns.ts); this dialog is its own
 * chunk (lazy-parts.ts), fetched when opened: antd's Modal and Switch are not needed before then.
 */
import { Modal, Switch, Table } from 'antd';
import { textOf, type FieldDefinition } from '../../../protocol/page-schema';
import { useRuntime, useT } from '../../react/context';
import { DIALOG_WIDTH } from './dialogs';

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
