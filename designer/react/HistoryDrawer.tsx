/**
 * The history drawer of a stored schema: its versions (number, author, time, provenance), a
 * readable diff between any two ticked (the store's diff API), and a rollback to any older one (a
 * new version). Opened from a conflict, it compares the version the designer was based on with the
 * newest. One drawer for every versioned schema: the form designer's modules (`HistoryDrawer`) and
 * the dashboard designer's dashboards (dashboard/HistoryDrawer.tsx) differ only in their routes.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Drawer, List, Popconfirm, Space, Tag, Typography, message } from 'antd';
import { useRuntime } from '../../runtime/react/context';
import { translate } from '../../protocol/messages';
import type { RequestFn } from '../../protocol/http';
import { diffVersions, listVersions, rollbackTo, type VersionInfo } from './api';

type Change = { pointer: string; message: { zh: string; en: string } };

/** The version routes of one stored schema. */
export interface VersionStore {
  versions: (request: RequestFn) => Promise<VersionInfo[]>;
  diff: (request: RequestFn, from: number, to: number) => Promise<Change[]>;
  rollback: (
    request: RequestFn,
    version: number,
    base?: number,
  ) => Promise<{ ok: true; version: number } | { ok: false; message: string }>;
}

interface DrawerProps {
  readOnly: boolean;
  baseVersion?: number;
  compareHead: boolean;
  onClose: () => void;
  onRolledBack: () => void;
}

const timeOf = (ms: number) => new Date(ms).toISOString().replace('T', ' ').slice(0, 19);

/** A module's history (the form designer). */
export function HistoryDrawer({ moduleId, ...props }: DrawerProps & { moduleId: string }) {
  const store: VersionStore = {
    versions: (request) => listVersions(request, moduleId),
    diff: (request, from, to) => diffVersions(request, moduleId, from, to),
    rollback: (request, version, base) => rollbackTo(request, moduleId, version, base),
  };
  return <VersionHistoryDrawer store={store} className="tessera-designer-history" {...props} />;
}

export function VersionHistoryDrawer(props: DrawerProps & { store: VersionStore; className: string }) {
  const { request, lang } = useRuntime();
  const t = (key: string, vars?: Record<string, unknown>) => translate(lang, key, vars);
  const [versions, setVersions] = useState<VersionInfo[]>();
  const [failure, setFailure] = useState<string>();
  const [picked, setPicked] = useState<number[]>([]);
  const [changes, setChanges] = useState<Change[]>();
  const [toast, holder] = message.useMessage();

  const compare = async (pair: number[]) => {
    const [from, to] = [...pair].sort((a, b) => a - b);
    setChanges(undefined);
    try {
      setChanges(await props.store.diff(request, from, to));
    } catch (error) {
      setFailure((error as Error).message);
    }
  };

  useEffect(() => {
    props.store
      .versions(request)
      .then((list) => {
        setVersions(list);
        if (props.compareHead && props.baseVersion !== undefined && list[0] && list[0].version !== props.baseVersion) {
          const pair = [props.baseVersion, list[0].version];
          setPicked(pair);
          void compare(pair);
        }
      })
      .catch((error: Error) => setFailure(error.message));
  }, []); // eslint-disable-line react-hooks/exhaustive-deps

  const toggle = (version: number, on: boolean) => {
    const next = on ? [...picked.filter((v) => v !== version), version].slice(-2) : picked.filter((v) => v !== version);
    setPicked(next);
    setChanges(undefined);
  };

  const rollback = async (version: number) => {
    const answer = await props.store.rollback(request, version, props.baseVersion);
    if (answer.ok) {
      void toast.success(t('designerUi.rolledBack', { version: answer.version }));
      props.onRolledBack();
    } else void toast.error(t('designerUi.saveFailed', { message: answer.message }));
  };

  return (
    <Drawer open width={520} title={t('designerUi.history')} onClose={props.onClose} className={props.className}>
      {holder}
      {failure && <Alert type="error" showIcon message={failure} />}
      <Space style={{ marginBottom: 12 }}>
        <Button disabled={picked.length !== 2} onClick={() => void compare(picked)}>
          {t('designerUi.diffBetween')}
        </Button>
        {picked.length !== 2 && <Typography.Text type="secondary">{t('designerUi.pickTwo')}</Typography.Text>}
      </Space>
      <List
        loading={!versions && !failure}
        size="small"
        bordered
        dataSource={versions ?? []}
        renderItem={(item, index) => (
          <List.Item
            data-version={item.version}
            actions={
              index > 0 && !props.readOnly
                ? [
                    <Popconfirm
                      key="rollback"
                      title={t('designerUi.rollbackConfirm', { version: item.version })}
                      onConfirm={() => void rollback(item.version)}
                    >
                      <Button size="small" type="link">
                        {t('designerUi.rollback')}
                      </Button>
                    </Popconfirm>,
                  ]
                : []
            }
          >
            <Checkbox checked={picked.includes(item.version)} onChange={(e) => toggle(item.version, e.target.checked)}>
              <strong>{t('designerUi.version', { version: item.version })}</strong>
            </Checkbox>
            <Tag>{t(`designerUi.provenance.${item.provenance}`)}</Tag>
            <span>{item.author_name ?? item.author ?? '-'}</span>
            <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
              {timeOf(item.created_at)} UTC
            </Typography.Text>
          </List.Item>
        )}
      />
      {changes && (
        <List
          style={{ marginTop: 16 }}
          size="small"
          header={
            <strong>
              {picked
                .slice()
                .sort((a, b) => a - b)
                .map((v) => `v${v}`)
                .join(' → ')}
            </strong>
          }
          bordered
          dataSource={changes}
          locale={{ emptyText: t('designerUi.noChanges') }}
          renderItem={(change) => <List.Item className="tessera-designer-change">{change.message[lang]}</List.Item>}
        />
      )}
    </Drawer>
  );
}
