/**
 * The designer's toolbar: back, the title and whether it is saved, the device whose layout the grid
 * edits (desktop / tablet), undo / redo, align, duplicate, remove, history, preview, open and save.
 * Stateless: the designer (DashboardDesigner.tsx) owns the editor and hands down what each does.
 */
import {
  AlignLeftOutlined,
  AlignRightOutlined,
  ArrowLeftOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  DesktopOutlined,
  ExportOutlined,
  EyeOutlined,
  HistoryOutlined,
  RedoOutlined,
  SaveOutlined,
  TabletOutlined,
  UndoOutlined,
} from '@ant-design/icons';
import { Button, Divider, Segmented, Space, Tooltip, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useT } from '../../../runtime/react/context';
import type { AlignHow } from '../../core/dashboard';

/** The layouts the designer edits: the desktop's (12 columns) and the tablet's (8). */
export type DesignDevice = 'lg' | 'md';

export interface DesignerToolbarProps {
  title: string;
  dirty: boolean;
  readOnly: boolean;
  canUndo: boolean;
  canRedo: boolean;
  selected: boolean;
  saving: boolean;
  device: DesignDevice;
  onDevice: (device: DesignDevice) => void;
  onBack: () => void;
  onUndo: () => void;
  onRedo: () => void;
  onAlign: (how: AlignHow) => void;
  onDuplicate: () => void;
  onRemove: () => void;
  onHistory: () => void;
  onPreview: () => void;
  onOpen: () => void;
  onSave: () => void;
}

export function DesignerToolbar(props: DesignerToolbarProps) {
  const t = useT();
  const { readOnly, selected } = props;
  const alignButton = (how: AlignHow, label: string, icon: ReactNode) => (
    <Tooltip title={label}>
      <Button icon={icon} disabled={!selected || readOnly} onClick={() => props.onAlign(how)} aria-label={label} />
    </Tooltip>
  );
  return (
    <div className="tessera-dash-toolbar">
      <Space wrap>
        <Button icon={<ArrowLeftOutlined />} onClick={props.onBack}>
          {t('dashDesigner.back')}
        </Button>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {props.title}
        </Typography.Title>
        <Typography.Text type={props.dirty ? 'warning' : 'secondary'} data-testid="dash-dirty">
          {props.dirty ? t('dashDesigner.unsaved') : t('dashDesigner.upToDate')}
        </Typography.Text>
      </Space>
      <Space wrap>
        <Segmented
          aria-label={t('dashDesigner.device')}
          data-testid="dash-device"
          value={props.device}
          onChange={(value) => props.onDevice(value as DesignDevice)}
          options={[
            { value: 'lg', icon: <DesktopOutlined />, label: t('dashDesigner.device.lg') },
            { value: 'md', icon: <TabletOutlined />, label: t('dashDesigner.device.md') },
          ]}
        />
        <Divider type="vertical" />
        <Tooltip title="Ctrl+Z">
          <Button icon={<UndoOutlined />} disabled={readOnly || !props.canUndo} onClick={props.onUndo}>
            {t('dashDesigner.undo')}
          </Button>
        </Tooltip>
        <Tooltip title="Ctrl+Shift+Z">
          <Button icon={<RedoOutlined />} disabled={readOnly || !props.canRedo} onClick={props.onRedo}>
            {t('dashDesigner.redo')}
          </Button>
        </Tooltip>
        <Divider type="vertical" />
        {alignButton('left', t('dashDesigner.alignLeft'), <AlignLeftOutlined />)}
        {alignButton('right', t('dashDesigner.alignRight'), <AlignRightOutlined />)}
        {alignButton('full', t('dashDesigner.fullWidth'), <ColumnWidthOutlined />)}
        {alignButton('row', t('dashDesigner.matchRow'), <ColumnHeightOutlined />)}
        <Tooltip title="Ctrl+D">
          <Button icon={<CopyOutlined />} disabled={!selected || readOnly} onClick={props.onDuplicate}>
            {t('dashDesigner.duplicate')}
          </Button>
        </Tooltip>
        <Tooltip title="Delete">
          <Button danger icon={<DeleteOutlined />} disabled={!selected || readOnly} onClick={props.onRemove}>
            {t('dashDesigner.remove')}
          </Button>
        </Tooltip>
        <Divider type="vertical" />
        <Button icon={<HistoryOutlined />} disabled={readOnly} onClick={props.onHistory}>
          {t('dashDesigner.history')}
        </Button>
        <Button icon={<EyeOutlined />} onClick={props.onPreview}>
          {t('dashDesigner.preview')}
        </Button>
        <Button icon={<ExportOutlined />} onClick={props.onOpen}>
          {t('dashDesigner.open')}
        </Button>
        <Button
          type="primary"
          icon={<SaveOutlined />}
          loading={props.saving}
          disabled={readOnly || !props.dirty}
          onClick={props.onSave}
        >
          {t('dashDesigner.save')}
        </Button>
      </Space>
    </div>
  );
}
