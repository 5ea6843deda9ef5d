/**
 * The file library's table: a folder's folders then files (or search hits, or the recycle bin),
 * with the row actions that fit the view. Folder names open the folder; every action is a button,
 * so the keyboard reaches it.
 */
import { FileOutlined, FolderFilled } from '@ant-design/icons';
import { Button, Space, Table } from 'antd';
import { DATETIME, formatMs } from '../../core/format/dates';
import { useT } from '../../react/context';
import { formatSize, type ResourceItem } from './api';

export interface FileTableProps {
  rows: ResourceItem[];
  total: number;
  page: number;
  pageSize: number;
  loading: boolean;
  bin: boolean;
  emptyText: string;
  onPage: (page: number) => void;
  onOpen: (row: ResourceItem) => void;
  onPreview: (row: ResourceItem) => void;
  onDownload: (row: ResourceItem) => void;
  onRename: (row: ResourceItem) => void;
  onMove: (row: ResourceItem) => void;
  onDelete: (row: ResourceItem) => void;
  onRestore: (row: ResourceItem) => void;
  /** Ids ticked for the toolbar's batch actions (move, delete; restore in the bin). */
  selected: React.Key[];
  onSelect: (keys: React.Key[]) => void;
}

export function FileTable(props: FileTableProps) {
  const t = useT();
  const link = (label: string, run: () => void, danger = false) => (
    <Button type="link" size="small" danger={danger} onClick={run}>
      {label}
    </Button>
  );
  const columns = [
    {
      key: 'name',
      title: t('resource.name'),
      className: 'tessera-file-library-name-cell',
      render: (_: unknown, row: ResourceItem) =>
        row.kind === 'folder' && !props.bin ? (
          <Button
            type="link"
            icon={<FolderFilled style={{ color: '#faad14' }} />}
            onClick={() => props.onOpen(row)}
            style={{ padding: 0 }}
          >
            {row.name}
          </Button>
        ) : (
          <Space size={6}>
            {row.kind === 'folder' ? <FolderFilled style={{ color: '#faad14' }} /> : <FileOutlined />}
            <span className="tessera-file-library-name">{row.name}</span>
          </Space>
        ),
    },
    {
      key: 'size',
      title: t('resource.size'),
      width: 110,
      render: (_: unknown, row: ResourceItem) => (row.kind === 'file' ? formatSize(row.size) : '—'),
    },
    {
      key: 'time',
      title: props.bin ? t('resource.deletedAt') : t('resource.updatedAt'),
      width: 180,
      render: (_: unknown, row: ResourceItem) => formatMs(Number(props.bin ? row.deleted_at : row.update_at), DATETIME),
    },
    {
      key: 'actions',
      title: t('resource.actions'),
      width: props.bin ? 100 : 320,
      render: (_: unknown, row: ResourceItem) =>
        props.bin ? (
          link(t('resource.restore'), () => props.onRestore(row))
        ) : (
          <Space size={0} wrap>
            {row.kind === 'file' && link(t('resource.preview'), () => props.onPreview(row))}
            {row.kind === 'file' && link(t('resource.download'), () => props.onDownload(row))}
            {row.kind === 'folder' && link(t('resource.open'), () => props.onOpen(row))}
            {link(t('resource.rename'), () => props.onRename(row))}
            {link(t('resource.move'), () => props.onMove(row))}
            {link(t('resource.delete'), () => props.onDelete(row), true)}
          </Space>
        ),
    },
  ];
  return (
    <Table<ResourceItem>
      rowKey="id"
      rowSelection={{ selectedRowKeys: props.selected, onChange: props.onSelect }}
      size="middle"
      columns={columns}
      dataSource={props.rows}
      loading={props.loading}
      locale={{ emptyText: props.emptyText }}
      pagination={{
        current: props.page,
        pageSize: props.pageSize,
        total: props.total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: props.onPage,
      }}
      onRow={(row) => ({ 'data-row-name': row.name }) as React.HTMLAttributes<HTMLElement>}
    />
  );
}
