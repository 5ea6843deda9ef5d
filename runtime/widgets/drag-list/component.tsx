import { useState } from 'react';
import { Button, List } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { connect, mapReadPretty, observer } from '@formily/react';
import { joinMulti, splitMulti } from '../../core/codecs/multi';
import { useT } from '../../react/context';
import { makeChoiceRead, type ChoiceProps } from '../../react/widget-helpers/choice';
import { useOptions, type Option } from '../../react/widget-helpers/use-options';

type Props = ChoiceProps & { onChange?: (stored: string | null) => void; disabled?: boolean };

/** Stored order first (known values only), then options not yet ordered. */
export function ordered(stored: unknown, options: Option[]): Option[] {
  const byValue = new Map(options.map((o) => [String(o.value), o]));
  const first = splitMulti(stored).flatMap((v) => byValue.get(v) ?? []);
  return [...first, ...options.filter((o) => !first.includes(o))];
}

const DragListEdit = observer(({ items, dictApi, value, onChange, disabled }: Props) => {
  const t = useT();
  const { options } = useOptions({ items, dictApi });
  const list = ordered(value, options);
  const [dragging, setDragging] = useState<number | null>(null);
  const move = (from: number, to: number) => {
    if (from === to || to < 0 || to >= list.length) return;
    const next = [...list];
    next.splice(to, 0, ...next.splice(from, 1));
    onChange?.(joinMulti(next.map((o) => o.value)));
  };
  return (
    <List
      className="tessera-drag-list"
      size="small"
      bordered
      dataSource={list}
      renderItem={(option, index) => (
        <List.Item
          draggable={!disabled}
          onDragStart={() => setDragging(index)}
          onDragOver={(e) => e.preventDefault()}
          onDrop={() => dragging !== null && move(dragging, index)}
          onDragEnd={() => setDragging(null)}
          style={{ cursor: disabled ? undefined : 'grab', opacity: dragging === index ? 0.5 : 1 }}
          actions={[
            <Button
              key="up"
              type="text"
              size="small"
              aria-label={t('widgets.table.up')}
              icon={<ArrowUpOutlined />}
              disabled={disabled || index === 0}
              onClick={() => move(index, index - 1)}
            />,
            <Button
              key="down"
              type="text"
              size="small"
              aria-label={t('widgets.table.down')}
              icon={<ArrowDownOutlined />}
              disabled={disabled || index === list.length - 1}
              onClick={() => move(index, index + 1)}
            />,
          ]}
        >
          <span>
            <HolderOutlined style={{ marginRight: 8, color: '#999' }} />
            {option.label}
          </span>
        </List.Item>
      )}
    />
  );
});

export const DragListWidget = connect(DragListEdit, mapReadPretty(makeChoiceRead('drag-list')));
