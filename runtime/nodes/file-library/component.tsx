/**
 * The file library node in a page body (definition.ts, docs/resource.md): the folder tree and the
 * recycle bin on the left; search, new folder, the quota, the drop zone and the table on the right.
 * Every change goes through the file-library API and reloads what it touched; a refusal shows the
 * server's message (in the user's language) and changes nothing on screen.
 */
// This node's catalog joins the shared one when it loads (protocol/messages/late.ts).
import '../../../protocol/messages/late';
import { DeleteOutlined, FolderAddOutlined, FolderOpenOutlined, SearchOutlined } from '@ant-design/icons';
import { Breadcrumb, Button, Card, Col, Input, Row, Space, Tree, Typography, message } from 'antd';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { isSuccess } from '../../../protocol/codes';
import type { ApiResult } from '../../../protocol/http';
import { textOf, type Text } from '../../../protocol/page-schema';
import { useConfirm } from '../../components/confirm';
import { FilePreview } from '../../components/file-preview/FilePreview';
import { downloadFile } from '../../components/file-preview/file-source';
import { ImagePreview } from '../../components/image-preview/ImagePreview';
import { previewKind } from '../../core/upload/urls';
import { useRuntime, useT } from '../../react/context';
import { formatSize, libraryApi, type ResourceItem } from './api';
import { MoveDialog, NameDialog } from './dialogs';
import { FileTable } from './FileTable';
import { folderPath, folderTree, type FolderRow } from './tree';
import { UploadZone } from './UploadZone';

export interface FileLibraryNodeSchema {
  type: 'fileLibrary';
  key?: string;
  title?: Text;
  props?: { api?: string; pageSize?: number };
}

const ROOT = '__root';

type Dialog =
  { kind: 'folder' } | { kind: 'rename'; row: ResourceItem } | { kind: 'move'; rows: ResourceItem[] } | undefined;

export function FileLibraryNode({ node }: { node: FileLibraryNodeSchema }) {
  const runtime = useRuntime();
  const t = useT();
  const api = useMemo(
    () => libraryApi(runtime.request, node.props?.api ?? 'resources'),
    [runtime.request, node.props?.api],
  );
  const pageSize = node.props?.pageSize ?? 20;
  const [notify, notifyHolder] = message.useMessage();
  const [confirm, confirmHolder] = useConfirm(runtime.lang);

  const [folders, setFolders] = useState<FolderRow[]>([]);
  const [quota, setQuota] = useState<{ used: number; quota: number }>();
  const [folder, setFolder] = useState<string | null>(null);
  const [bin, setBin] = useState(false);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [rows, setRows] = useState<{ list: ResourceItem[]; total: number }>({ list: [], total: 0 });
  const [loading, setLoading] = useState(true);
  const [version, setVersion] = useState(0);
  const [expanded, setExpanded] = useState<React.Key[]>([ROOT]);
  const [dialog, setDialog] = useState<Dialog>();
  const [selected, setSelected] = useState<React.Key[]>([]);
  const [preview, setPreview] = useState<{ images: boolean; index: number }>();
  const reload = useCallback(() => setVersion((v) => v + 1), []);

  /** True when the call succeeded; otherwise its message is shown. */
  const done = useCallback(
    (answer: ApiResult<unknown>) => {
      if (isSuccess(answer.code)) return true;
      void notify.error(answer.message || t('upload.failed'));
      return false;
    },
    [notify, t],
  );

  useEffect(() => {
    let alive = true;
    void Promise.all([api.folders(), api.quota()]).then(([tree, usage]) => {
      if (!alive) return;
      if (isSuccess(tree.code) && Array.isArray(tree.data)) setFolders(tree.data);
      if (isSuccess(usage.code) && typeof usage.data?.quota === 'number') setQuota(usage.data);
    });
    return () => {
      alive = false;
    };
  }, [api, version]);

  useEffect(() => {
    let alive = true;
    setLoading(true);
    setSelected([]);
    void api
      .list({ parentId: folder, keyword: search, deleted: bin, current: page, pageSize })
      .then((answer) => {
        if (!alive) return;
        // Only a well-formed page replaces the rows (a host may answer something else).
        if (done(answer)) setRows({ list: answer.data?.list ?? [], total: Number(answer.data?.total ?? 0) });
      })
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [api, folder, search, bin, page, pageSize, version, done]);

  const open = (id: string | null) => {
    setBin(false);
    setSearch('');
    setFolder(id);
    setPage(1);
    if (id) setExpanded((keys) => [...new Set([...keys, ROOT, ...folderPath(folders, id).map((f) => f.id)])]);
  };

  // Images open in the image preview (an <img>, thumbnails), everything else in the file preview.
  const files = rows.list.filter((row) => row.kind === 'file' && row.url);
  const images = files.filter((row) => previewKind(row.name) === 'image');
  const others = files.filter((row) => previewKind(row.name) !== 'image');
  const asItems = (list: ResourceItem[]) => list.map((file) => ({ url: file.url!, name: file.name }));
  const openPreview = (row: ResourceItem) => {
    const isImage = previewKind(row.name) === 'image';
    const index = (isImage ? images : others).findIndex((file) => file.id === row.id);
    if (index >= 0) setPreview({ images: isImage, index });
  };
  const movePreview = (images: boolean) => (index: number | undefined) =>
    setPreview(index === undefined ? undefined : { images, index });
  const path = folderPath(folders, folder);
  const treeData = [{ key: ROOT, title: t('resource.allFiles'), children: folderTree(folders) }];

  const chosen = rows.list.filter((row) => selected.includes(row.id));
  const remove = async (targets: ResourceItem[]) => {
    const title =
      targets.length === 1
        ? t('resource.deleteConfirm', { name: targets[0]!.name })
        : t('resource.deleteManyConfirm', { count: targets.length });
    if (!(await confirm.confirm({ title, danger: true }))) return;
    if (done(await api.remove(targets.map((row) => row.id)))) {
      void notify.success(t('runtime.action.done'));
      reload();
    }
  };
  const restore = async (targets: ResourceItem[]) => {
    if (done(await api.restore(targets.map((row) => row.id)))) {
      void notify.success(t('runtime.action.done'));
      reload();
    }
  };

  // A real link (href) so the keyboard reaches it; the click stays inside the page.
  const crumb = (label: string, id: string | null) => (
    <a
      href="#"
      onClick={(event) => {
        event.preventDefault();
        open(id);
      }}
    >
      {label}
    </a>
  );

  const emptyText = bin ? t('resource.emptyBin') : search ? t('resource.noMatch') : t('resource.empty');
  return (
    <div className="tessera-file-library" data-node-key={node.key}>
      {notifyHolder}
      {confirmHolder}
      {node.title !== undefined && (
        <Typography.Title level={5} style={{ marginTop: 0 }}>
          {textOf(node.title, runtime.lang)}
        </Typography.Title>
      )}
      <Row gutter={16} wrap={false}>
        <Col flex="240px">
          <Card size="small" className="tessera-file-library-folders" styles={{ body: { padding: 8 } }}>
            <Tree
              blockNode
              showIcon
              icon={<FolderOpenOutlined />}
              treeData={treeData}
              expandedKeys={expanded}
              onExpand={(keys) => setExpanded(keys)}
              selectedKeys={bin || search ? [] : [folder ?? ROOT]}
              onSelect={(keys) => {
                const key = keys[0];
                if (key !== undefined) open(key === ROOT ? null : String(key));
              }}
            />
            <Button
              type={bin ? 'primary' : 'text'}
              ghost={bin}
              block
              icon={<DeleteOutlined />}
              style={{ marginTop: 8, textAlign: 'left' }}
              onClick={() => {
                setBin(true);
                setSearch('');
                setPage(1);
              }}
            >
              {t('resource.recycleBin')}
            </Button>
          </Card>
        </Col>
        <Col flex="auto" style={{ minWidth: 0 }}>
          <Card className="tessera-file-library-main">
            <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
              <Space wrap>
                <Input.Search
                  allowClear
                  enterButton={<Button icon={<SearchOutlined />} aria-label={t('resource.search')} />}
                  placeholder={t('resource.searchPlaceholder')}
                  aria-label={t('resource.searchPlaceholder')}
                  style={{ width: 260 }}
                  maxLength={200}
                  onSearch={(value) => {
                    setBin(false);
                    setSearch(value.trim());
                    setPage(1);
                  }}
                />
                <Button icon={<FolderAddOutlined />} onClick={() => setDialog({ kind: 'folder' })} disabled={bin}>
                  {t('resource.newFolder')}
                </Button>
              </Space>
              {chosen.length > 0 && (
                <Space className="tessera-file-library-batch">
                  <Typography.Text>{t('resource.selected', { count: chosen.length })}</Typography.Text>
                  {bin ? (
                    <Button onClick={() => void restore(chosen)}>{t('resource.restore')}</Button>
                  ) : (
                    <>
                      <Button onClick={() => setDialog({ kind: 'move', rows: chosen })}>{t('resource.move')}</Button>
                      <Button danger onClick={() => void remove(chosen)}>
                        {t('resource.delete')}
                      </Button>
                    </>
                  )}
                </Space>
              )}
              {quota && (
                <Typography.Text type="secondary" className="tessera-file-library-quota">
                  {t('resource.quota', { used: formatSize(quota.used), quota: formatSize(quota.quota) })}
                </Typography.Text>
              )}
            </Space>
            {!bin && (
              <UploadZone
                send={async (file) => {
                  const answer = await api.upload(file, file.name, folder);
                  return isSuccess(answer.code) ? undefined : answer.message || t('upload.failed');
                }}
                onBatchDone={(stored, failed) => {
                  if (stored) void notify.success(t('resource.uploaded', { count: stored }));
                  if (failed) void notify.warning(t('upload.failed'));
                  reload();
                }}
              />
            )}
            <Breadcrumb
              style={{ margin: '12px 0' }}
              items={
                bin
                  ? [{ title: t('resource.recycleBin') }]
                  : search
                    ? [{ title: `${t('resource.searchPlaceholder')}: ${search}` }]
                    : [
                        { title: crumb(t('resource.allFiles'), null) },
                        ...path.map((f) => ({ title: crumb(f.name, f.id) })),
                      ]
              }
            />
            <FileTable
              rows={rows.list}
              total={rows.total}
              page={page}
              pageSize={pageSize}
              loading={loading}
              bin={bin}
              emptyText={emptyText}
              onPage={setPage}
              onOpen={(row) => open(row.id)}
              onPreview={openPreview}
              onDownload={(row) =>
                void downloadFile(runtime.request, runtime.lang, { url: row.url!, name: row.name }, notify)
              }
              onRename={(row) => setDialog({ kind: 'rename', row })}
              onMove={(row) => setDialog({ kind: 'move', rows: [row] })}
              onDelete={(row) => void remove([row])}
              onRestore={(row) => void restore([row])}
              selected={selected}
              onSelect={setSelected}
            />
          </Card>
        </Col>
      </Row>
      <NameDialog
        open={dialog?.kind === 'folder' || dialog?.kind === 'rename'}
        title={dialog?.kind === 'rename' ? t('resource.rename') : t('resource.newFolder')}
        label={dialog?.kind === 'rename' ? t('resource.newName') : t('resource.folderName')}
        initial={dialog?.kind === 'rename' ? dialog.row.name : ''}
        onClose={() => setDialog(undefined)}
        onOk={async (name) => {
          const answer =
            dialog?.kind === 'rename' ? await api.rename(dialog.row.id, name) : await api.createFolder(name, folder);
          if (!done(answer)) return false;
          void notify.success(t('runtime.action.done'));
          reload();
          return true;
        }}
      />
      <MoveDialog
        open={dialog?.kind === 'move'}
        folders={folders}
        moving={dialog?.kind === 'move' ? dialog.rows.filter((row) => row.kind === 'folder').map((row) => row.id) : []}
        onClose={() => setDialog(undefined)}
        onOk={async (parentId) => {
          if (dialog?.kind !== 'move') return false;
          if (
            !done(
              await api.move(
                dialog.rows.map((row) => row.id),
                parentId,
              ),
            )
          )
            return false;
          void notify.success(t('runtime.action.done'));
          reload();
          return true;
        }}
      />
      <ImagePreview
        images={asItems(images)}
        index={preview?.images ? preview.index : undefined}
        onIndexChange={movePreview(true)}
      />
      <FilePreview
        files={asItems(others)}
        index={preview && !preview.images ? preview.index : undefined}
        onIndexChange={movePreview(false)}
      />
    </div>
  );
}
