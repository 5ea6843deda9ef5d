/**
 * The query builder's joins (designer/core/dashboard/joins.ts): each join through a reference field
 * of the widget's table, with the related table's columns it shows (they become fields for groups
 * and measures); 添加关联表 offers the reference fields whose table the admin may read.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Select, Space, Typography } from 'antd';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import { textOf } from '../../../protocol/page-schema';
import type { DataBinding } from '../../../runtime/core/dashboard/types';
import { useRuntime, useT } from '../../../runtime/react/context';
import { addJoin, aliasOf, joinCandidates, joinsOf, MAX_JOINS, removeJoin, setJoinFields } from '../../core/dashboard';
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
  const own = sources.find((s) => s.table === binding.table);
  const tableTitle = (table: string) => {
    const source = sources.find((s) => s.table === table);
    return source?.title !== undefined ? textOf(source.title, lang) : table;
  };
  if (!joins.length && !candidates.length) return null;
  return (
    <Form.Item label={t('dashDesigner.joins')} style={{ marginBottom: 10 }}>
      <div data-testid="qb-joins">
        {joins.map((join) => {
          const alias = aliasOf(join);
          const via = Array.isArray(join.on) ? join.on[0] : join.on.split('=')[0].trim();
          const target = sources.find((s) => s.table === join.join);
          return (
            <div key={alias} style={{ marginBottom: 6 }} data-testid={`qb-join-${alias}`}>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('dashDesigner.joinVia', {
                  field: fieldLabel(
                    own?.fields.find((f) => f.key === via),
                    via,
                    lang,
                  ),
                  table: tableTitle(join.join),
                })}
              </Typography.Text>
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
        {candidates.length > 0 && joins.length < MAX_JOINS && (
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
            onChange={(key: string) => {
              const next = addJoin(binding, key, sources);
              if (next) onChange(next, 'joins');
            }}
            options={candidates.map((f) => ({
              value: f.key,
              label: `${fieldLabel(f, f.key, lang)} → ${tableTitle(f.ref!.table)}`,
            }))}
          />
        )}
      </div>
    </Form.Item>
  );
}
