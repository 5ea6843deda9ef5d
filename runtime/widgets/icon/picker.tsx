import { useMemo, useState } from 'react';
import { Empty, Input, Modal, Tabs } from 'antd';
import { useT } from '../../react/context';
import type { IconSet } from '../../react/widget-helpers/icons';

const GROUPS = [
  { key: 'Outlined', label: 'widgets.icon.outlined' },
  { key: 'Filled', label: 'widgets.icon.filled' },
  { key: 'TwoTone', label: 'widgets.icon.twoTone' },
] as const;

interface Props {
  open: boolean;
  icons: IconSet;
  value?: string;
  onPick: (name: string) => void;
  onClose: () => void;
}

/** Icon picker dialog (80% wide): a search box and the icons grouped by style. */
export function IconPicker({ open, icons, value, onPick, onClose }: Props) {
  const t = useT();
  const [keyword, setKeyword] = useState('');
  const names = useMemo(() => Object.keys(icons).sort(), [icons]);
  const grid = (group: string) => {
    const kw = keyword.trim().toLowerCase();
    const list = names.filter((n) => n.endsWith(group) && (!kw || n.toLowerCase().includes(kw)));
    if (!list.length) return <Empty />;
    return (
      <div
        className="tessera-icon-grid"
        style={{
          display: 'grid',
          gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))',
          gap: 8,
          maxHeight: '55vh',
          overflowY: 'auto',
        }}
      >
        {list.map((name) => {
          const Icon = icons[name];
          return (
            <button
              key={name}
              type="button"
              title={name}
              className="tessera-icon-option"
              onClick={() => onPick(name)}
              style={{
                padding: 8,
                border: `1px solid ${name === value ? '#1677ff' : '#f0f0f0'}`,
                borderRadius: 6,
                background: 'none',
                cursor: 'pointer',
                overflow: 'hidden',
              }}
            >
              <Icon style={{ fontSize: 22 }} />
              <div style={{ fontSize: 11, whiteSpace: 'nowrap', overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {name}
              </div>
            </button>
          );
        })}
      </div>
    );
  };
  return (
    <Modal open={open} title={t('widgets.icon.choose')} width="80%" footer={null} onCancel={onClose} destroyOnHidden>
      <Input.Search
        allowClear
        placeholder={t('widgets.icon.search')}
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Tabs items={GROUPS.map((g) => ({ key: g.key, label: t(g.label), children: grid(g.key) }))} />
    </Modal>
  );
}
