/**
 * 选择导出列 (building-blocks §2, §5): one checkbox per exportable column, in an order the user
 * sets by dragging the handle (native HTML5 drag and drop: no extra package) or with the up / down
 * buttons (keyboard). 确定 hands the chosen columns, in order, to the export action.
 */
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import { Button, Checkbox, Modal, Space } from 'antd';
import { useState } from 'react';
import type { ExportField } from '../../core/data/provider';
import { move } from '../../core/list/transfer';
import { useT } from '../../react/context';
import { DIALOG_WIDTH } from './dialogs';

interface Item extends ExportField {
  checked: boolean;
}

export function ExportDialog(props: {
  fields: readonly ExportField[];
  busy?: boolean;
  onOk(chosen: ExportField[]): void;
  onClose(): void;
}) {
  const t = useT();
  const [items, setItems] = useState<Item[]>(() => props.fields.map((f) => ({ ...f, checked: true })));
  const [dragging, setDragging] = useState<number>();
  const shift = (from: number, to: number) => setItems((list) => move(list, from, to));

  return (
    <Modal
      open
      title={t('list.export.title')}
      width={DIALOG_WIDTH}
      okText={t('runtime.modal.ok')}
      cancelText={t('runtime.modal.cancel')}
      confirmLoading={props.busy}
      onCancel={props.onClose}
      onOk={() => props.onOk(items.filter((i) => i.checked).map(({ key, title }) => ({ key, title })))}
      className="tessera-list-export"
    >
      <ul className="tessera-export-columns" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {items.map((item, index) => (
          <li
            key={item.key}
            data-key={item.key}
            onDragOver={(event) => event.preventDefault()}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== undefined) shift(dragging, index);
              setDragging(undefined);
            }}
            style={{
              display: 'flex',
              alignItems: 'center',
              gap: 8,
              padding: '6px 8px',
              borderBottom: '1px solid rgba(5,5,5,0.06)',
              background: dragging === index ? 'rgba(22,119,255,0.08)' : undefined,
            }}
          >
            <span
              className="tessera-drag-handle"
              draggable
              aria-label={t('list.export.dragHandle')}
              title={t('list.export.dragHandle')}
              onDragStart={(event) => {
                event.dataTransfer.effectAllowed = 'move';
                event.dataTransfer.setData('text/plain', item.key);
                setDragging(index);
              }}
              onDragEnd={() => setDragging(undefined)}
              style={{ cursor: 'grab', color: 'rgba(0,0,0,0.45)' }}
            >
              <HolderOutlined />
            </span>
            <Checkbox
              style={{ flex: 1 }}
              checked={item.checked}
              onChange={(e) =>
                setItems((list) => list.map((i) => (i.key === item.key ? { ...i, checked: e.target.checked } : i)))
              }
            >
              {item.title}
            </Checkbox>
            <Space size={0}>
              <Button
                type="text"
                size="small"
                aria-label={`${t('list.export.moveUp')} ${item.title}`}
                disabled={index === 0}
                icon={<ArrowUpOutlined />}
                onClick={() => shift(index, index - 1)}
              />
              <Button
                type="text"
                size="small"
                aria-label={`${t('list.export.moveDown')} ${item.title}`}
                disabled={index === items.length - 1}
                icon={<ArrowDownOutlined />}
                onClick={() => shift(index, index + 1)}
              />
            </Space>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
