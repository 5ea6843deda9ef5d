/**
 * The query builder's joins (designer/core/dashboard/joins.ts): each join through a reference field
 * of the widget's table, with the related table's columns it shows (they become fields for groups
 * and measures); 添加关联表 offers the reference fields whose table the admin may read, and the
 * readable tables whose reference field points back at the widget's table (orders per customer).
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space, Typography } from 'antd';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import { textOf } from '../../../protocol/page-schema';
import type { DataBinding } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import {
  addJoin,
  addReverseJoin,
  aliasOf,
  isReverseJoin,
  joinCandidates,
  joinsOf,
  MAX_JOINS,
  removeJoin,
  reverseJoinCandidates,
  reverseJoinValue,
  setJoinFields,
} from '../../core/dashboard';
import { fieldLabel } from './field-label';

interface Props {
  binding: DataBinding;
  sources: readonly SourceTable[];
  onChange: (binding: DataBinding, field: string) => void;
}

export function JoinsEditor({ binding, sources, onChange }: Props) {
  const { lang } = useRuntime();
  const t = useT();
  const joins = joinsOf(binding);
  const candidates = joinCandidates(binding, sources);
  const backs = reverseJoinCandidates(binding, sources);
  const own = sources.find((s) => s.table === binding.table);
  const tableTitle = (table: string) => {
    const source = sources.find((s) => s.table === table);
    return source?.title !== undefined ? textOf(source.title, lang) : table;
  };
  if (!joins.length && !candidates.length && !backs.length) return null;
  return (
    <Form.Item label={t('dashDesigner.joins')} style={{ marginBottom: 10 }}>
      <div data-testid="qb-joins">
        {joins.map((join) => {
          const alias = aliasOf(join);
          const [via, back] = Array.isArray(join.on) ? join.on : join.on.split('=').map((part) => part.trim());
          const target = sources.find((s) => s.table === join.join);
          const reverse = isReverseJoin(binding, join, sources);
          return (
            <div key={alias} style={{ marginBottom: 6 }} data-testid={`qb-join-${alias}`}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {reverse
                  ? t('dashDesigner.joinBack', {
                      table: tableTitle(join.join),
                      field: fieldLabel(
                        target?.fields.find((f) => f.key === back),
                        back ?? '',
                        lang,
                      ),
                    })
                  : t('dashDesigner.joinVia', {
                      field: fieldLabel(
                        own?.fields.find((f) => f.key === via),
                        via ?? '',
                        lang,
                      ),
                      table: tableTitle(join.join),
                    })}
              </Typography.Text>
              {reverse && (
                <Typography.Paragraph type="secondary" style={{ fontSize: 12, margin: 0 }} data-testid="join-back-hint">
                  {t('dashDesigner.joinBackHint', { table: tableTitle(join.join) })}
                </Typography.Paragraph>
              )}
              <Space.Compact block>
                <Select
                  mode="multiple"
                  style={{ flex: 1, minWidth: 0 }}
                  optionFilterProp="label"
                  aria-label={t('dashDesigner.joinFields')}
                  placeholder={t('dashDesigner.joinFields')}
                  status={target ? undefined : 'error'}
                  value={join.showFields ?? []}
                  onChange={(columns: string[]) => onChange(setJoinFields(binding, alias, columns), 'joins')}
                  options={(target?.fields ?? []).map((f) => ({ value: f.key, label: fieldLabel(f, f.key, lang) }))}
                />
                <Button
                  icon={<DeleteOutlined />}
                  aria-label={t('dashDesigner.remove')}
                  onClick={() => onChange(removeJoin(binding, alias), 'joins')}
                />
              </Space.Compact>
            </div>
          );
        })}
        {candidates.length + backs.length > 0 && joins.length < MAX_JOINS && (
          <Select
            size="small"
            style={{ width: '100%' }}
            value={null}
            placeholder={
              <span>
                <PlusOutlined /> {t('dashDesigner.addJoin')}
              </span>
            }
            aria-label={t('dashDesigner.addJoin')}
            onChange={(value: string) => {
              // A join back is `<table>.<field>`; a reference of the widget's own table is its field key.
              const next = value.includes('.')
                ? addReverseJoin(binding, value, sources)
                : addJoin(binding, value, sources);
              if (next) onChange(next, 'joins');
            }}
            options={[
              ...candidates.map((f) => ({
                value: f.key,
                label: `${fieldLabel(f, f.key, lang)} → ${tableTitle(f.ref!.table)}`,
              })),
              ...backs.map((c) => ({
                value: reverseJoinValue(c),
                label: t('dashDesigner.joinBack', {
                  table: tableTitle(c.table),
                  field: fieldLabel(c.field, c.field.key, lang),
                }),
              })),
            ]}
          />
        )}
      </div>
    </Form.Item>
  );
}
