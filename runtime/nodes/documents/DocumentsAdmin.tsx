/**
 * The doc page (admins): the app's document tree on the left; on the right the chosen document's
 * title, parent, order, flags (public, readme) and its markdown in the editor beside a live,
 * sanitized preview. The editor (CodeMirror) and markdown-it are fetched on first use.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import {
  Button,
  Card,
  Col,
  Empty,
  Form,
  Input,
  InputNumber,
  message,
  Modal,
  Row,
  Space,
  Switch,
  Tag,
  Tree,
  TreeSelect,
  Typography,
} from 'antd';
import { DeleteOutlined, FileAddOutlined, SaveOutlined } from '@ant-design/icons';
import type { MessageInstance } from 'antd/es/message/interface';
import { useRuntime, useT } from '../../react/context';
import { documentsApi, type DocumentEntry, type DocumentInput, type DocumentView } from './api';
import { MarkdownView } from './MarkdownView';
import { buildTree, subtreeIds, type DocumentTreeNode } from './tree';

interface ParentChoice {
  value: string;
  title: string;
  children: ParentChoice[];
}

const MarkdownCodeMirror = lazy(() => import('./editor/MarkdownCodeMirror'));

const EMPTY: DocumentInput = { title: '', parent_id: null, sort: 0, body: '', is_public: false, is_readme: false };
const NEW = '__new__';

function usePreview(text: string): string {
  const [html, setHtml] = useState('');
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      void import('../../core/sanitize/markdown').then((m) => live && setHtml(m.renderMarkdown(text)));
    }, 150);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [text]);
  return html;
}

export function DocumentsAdmin() {
  const { request } = useRuntime();
  const t = useT();
  const api = useMemo(() => documentsApi(request), [request]);
  const [notice, noticeHolder] = message.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const [entries, setEntries] = useState<DocumentEntry[]>();
  const [selected, setSelected] = useState<string>();
  const [saved, setSaved] = useState<DocumentView>();
  const [draft, setDraft] = useState<DocumentInput>(EMPTY);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const preview = usePreview(draft.body);

  const fail = useCallback(
    (error: unknown) => void notice.error(error instanceof Error ? error.message : String(error)),
    [notice],
  );
  const reload = useCallback(() => api.tree().then(setEntries, fail), [api, fail]);
  useEffect(() => void reload(), [reload]);

  const edit = (patch: Partial<DocumentInput>) => {
    setDraft((d) => ({ ...d, ...patch }));
    setDirty(true);
  };
  const open = (id: string | undefined, parent: string | null = null) => {
    const go = () => {
      setDirty(false);
      setSelected(id);
      setSaved(undefined);
      if (id === NEW) setDraft({ ...EMPTY, parent_id: parent });
      else if (id)
        api.get(id).then((doc) => {
          setSaved(doc);
          setDraft({
            title: doc.title,
            parent_id: doc.parent_id,
            sort: doc.sort,
            body: doc.body,
            is_public: doc.is_public,
            is_readme: doc.is_readme,
          });
        }, fail);
    };
    if (!dirty) return go();
    modal.confirm({
      title: t('documents.leaveUnsaved'),
      okText: t('runtime.modal.ok'),
      cancelText: t('runtime.modal.cancel'),
      onOk: go,
    });
  };

  const save = async () => {
    if (!draft.title.trim()) return void notice.warning(t('documents.titleRequired'));
    setBusy(true);
    try {
      const doc = selected === NEW ? await api.create(draft) : await api.update(selected!, draft);
      setSaved(doc);
      setSelected(doc.id);
      setDraft((d) => ({ ...d, body: doc.body }));
      setDirty(false);
      void notice.success(t('documents.saved'));
      await reload();
    } catch (error) {
      fail(error);
    } finally {
      setBusy(false);
    }
  };
  const remove = () =>
    modal.confirm({
      title: t('documents.deleteConfirm', { title: saved?.title ?? '' }),
      okText: t('runtime.modal.ok'),
      cancelText: t('runtime.modal.cancel'),
      okButtonProps: { danger: true },
      onOk: () =>
        api.remove(selected!).then(async () => {
          void notice.success(t('documents.deleted'));
          setDirty(false);
          setSelected(undefined);
          await reload();
        }, fail),
    });

  const upload = useUploadImages(fail, notice);
  const treeData = useMemo(() => buildTree(entries ?? []), [entries]);
  const parentChoices = useMemo(() => {
    const excluded = selected && selected !== NEW ? subtreeIds(entries ?? [], selected) : new Set<string>();
    const prune = (nodes: DocumentTreeNode[]): ParentChoice[] =>
      nodes
        .filter((n) => !excluded.has(n.key))
        .map((n) => ({ value: n.key, title: n.title, children: prune(n.children) }));
    return prune(treeData);
  }, [entries, selected, treeData]);

  const titleOf = (node: DocumentTreeNode) => (
    <span data-testid={`doc-node-${node.title}`}>
      {node.title}
      {node.entry.is_readme && (
        <Tag color="blue" style={{ marginInlineStart: 6 }}>
          {t('documents.readmeTag')}
        </Tag>
      )}
      {node.entry.is_public && <Tag style={{ marginInlineStart: 6 }}>{t('documents.publicTag')}</Tag>}
    </span>
  );

  return (
    <Row gutter={16} className="tessera-documents" data-testid="documents-admin">
      {noticeHolder}
      {modalHolder}
      <Col xs={24} md={6}>
        <Card
          size="small"
          title={t('documents.tree')}
          extra={
            <Button size="small" type="primary" icon={<FileAddOutlined />} onClick={() => open(NEW)}>
              {t('documents.new')}
            </Button>
          }
        >
          {entries === undefined ? (
            <div aria-busy className="tessera-lazy-pending" style={{ minHeight: 32 }} />
          ) : entries.length === 0 ? (
            <Empty description={t('documents.empty')} />
          ) : (
            <Tree<DocumentTreeNode>
              blockNode
              defaultExpandAll
              treeData={treeData}
              titleRender={titleOf}
              selectedKeys={selected ? [selected] : []}
              onSelect={(keys) => keys[0] && open(String(keys[0]))}
            />
          )}
        </Card>
      </Col>
      <Col xs={24} md={18}>
        {!selected || (selected !== NEW && !saved) ? (
          <Card size="small">
            <Empty description={t('documents.pick')} />
          </Card>
        ) : (
          <Card
            size="small"
            title={selected === NEW ? t('documents.new') : saved?.title}
            extra={
              <Space>
                {dirty && <Typography.Text type="warning">{t('documents.unsaved')}</Typography.Text>}
                {selected !== NEW && (
                  <Button size="small" onClick={() => open(NEW, selected)}>
                    {t('documents.newChild')}
                  </Button>
                )}
                {selected !== NEW && (
                  <Button size="small" danger icon={<DeleteOutlined />} onClick={remove}>
                    {t('documents.delete')}
                  </Button>
                )}
                <Button size="small" type="primary" icon={<SaveOutlined />} loading={busy} onClick={() => void save()}>
                  {t('documents.save')}
                </Button>
              </Space>
            }
          >
            <Form layout="inline" style={{ marginBottom: 12, rowGap: 8 }}>
              <Form.Item label={t('documents.title')} required>
                <Input
                  value={draft.title}
                  maxLength={120}
                  onChange={(e) => edit({ title: e.target.value })}
                  style={{ width: 220 }}
                />
              </Form.Item>
              <Form.Item label={t('documents.parent')}>
                <TreeSelect
                  allowClear
                  treeDefaultExpandAll
                  style={{ width: 180 }}
                  value={draft.parent_id ?? undefined}
                  treeData={parentChoices}
                  onChange={(value) => edit({ parent_id: (value as string | undefined) ?? null })}
                />
              </Form.Item>
              <Form.Item label={t('documents.sort')}>
                <InputNumber
                  value={draft.sort}
                  min={-100000}
                  max={100000}
                  precision={0}
                  onChange={(v) => edit({ sort: Number(v ?? 0) })}
                />
              </Form.Item>
              <Form.Item label={t('documents.isPublic')}>
                <Switch checked={draft.is_public} onChange={(v) => edit({ is_public: v })} />
              </Form.Item>
              <Form.Item label={t('documents.isReadme')}>
                <Switch checked={draft.is_readme} onChange={(v) => edit({ is_readme: v })} />
              </Form.Item>
            </Form>
            {saved?.update_at ? (
              <Typography.Text type="secondary" style={{ display: 'block', marginBottom: 8 }}>
                {t('documents.updated', {
                  user: saved.update_by_name ?? '-',
                  time: new Date(saved.update_at).toLocaleString(),
                })}
              </Typography.Text>
            ) : null}
            <Row gutter={12}>
              <Col xs={24} lg={12}>
                <Suspense fallback={<div aria-busy className="tessera-lazy-pending" style={{ minHeight: 480 }} />}>
                  <MarkdownCodeMirror
                    docKey={selected}
                    value={draft.body}
                    onChange={(body) => edit({ body })}
                    onImages={upload}
                  />
                </Suspense>
              </Col>
              <Col xs={24} lg={12}>
                <Typography.Text type="secondary">{t('documents.preview')}</Typography.Text>
                <div
                  style={{
                    border: '1px solid #f0f0f0',
                    borderRadius: 6,
                    padding: '8px 12px',
                    height: 480,
                    overflow: 'auto',
                    marginTop: 4,
                  }}
                >
                  <MarkdownView html={preview} request={request} testId="doc-preview" />
                </div>
              </Col>
            </Row>
          </Card>
        )}
      </Col>
    </Row>
  );
}

/** Uploads images through the runtime's uploader (the file API), reporting failures. */
function useUploadImages(fail: (error: unknown) => void, notice: MessageInstance) {
  const { upload } = useRuntime();
  const t = useT();
  return useCallback(
    async (files: File[]) => {
      const done: { name: string; url: string }[] = [];
      if (!upload) {
        fail(new Error(t('upload.configInvalid')));
        return done;
      }
      const hide = notice.loading(t('documents.uploading'), 0);
      try {
        for (const file of files) {
          const result = await upload({
            action: 'files/upload',
            file,
            name: file.name,
            accept: ['png', 'jpg', 'jpeg', 'gif', 'webp'],
          });
          if (result.ok) done.push({ name: result.name || file.name, url: result.url });
          else fail(new Error(result.message));
        }
      } finally {
        hide();
      }
      return done;
    },
    [upload, fail, notice, t],
  );
}
