/**
 * ai/img, the image-drawing studio (ai-and-widgets §2–§5, §9; docs/ai.md "Image studio"): the
 * parameter panel (foldable), the result panel and the history (foldable, load-more). Lazy: its
 * own chunk, with its catalog (protocol/messages/late.ts), never part of the first page.
 */
import { HistoryOutlined, MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { App as AntdApp, Button, Tooltip } from 'antd';
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import '../../../protocol/messages/late';
import type { DrawApiKey, DrawTaskView } from '../../../protocol/ai-image';
import { request } from '../../api/client';
import { DrawForm } from './DrawForm';
import { HistoryList } from './HistoryList';
import { TaskResult } from './TaskResult';
import { useDrawTasks } from './use-draw-tasks';
import styles from './AiImagePage.module.css';

function Panel({
  side,
  title,
  icon,
  folded,
  onFold,
  children,
  testId,
}: {
  side: 'left' | 'right';
  title: string;
  icon: ReactNode;
  folded: boolean;
  onFold(folded: boolean): void;
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const foldIcon = (side === 'left') === folded ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />;
  const toggle = (
    <Tooltip title={folded ? t('aiImg.unfold') : t('aiImg.fold')} placement={side === 'left' ? 'right' : 'left'}>
      <Button
        type="text"
        size="small"
        icon={foldIcon}
        onClick={() => onFold(!folded)}
        aria-label={folded ? t('aiImg.unfold') : t('aiImg.fold')}
        data-testid={`${testId}-fold`}
      />
    </Tooltip>
  );
  if (folded)
    return (
      <aside className={`${styles.panel} ${styles.folded}`} data-testid={testId} data-folded="true">
        {toggle}
        <span className={styles.foldedTitle}>
          {icon} {title}
        </span>
      </aside>
    );
  return (
    <aside className={`${styles.panel} ${side === 'left' ? styles.left : styles.right}`} data-testid={testId}>
      <header className={styles.panelHead}>
        <span className={styles.panelTitle}>
          {icon} {title}
        </span>
        {toggle}
      </header>
      <div className={styles.panelBody}>{children}</div>
    </aside>
  );
}

export function AiImagePage() {
  const { t } = useTranslation();
  const { message } = AntdApp.useApp();
  const warn = useCallback((text: string) => void message.warning(text), [message]);
  const state = useDrawTasks(request, warn);
  const [leftFolded, foldLeft] = useState(false);
  const [rightFolded, foldRight] = useState(false);
  const selected = state.tasks.find((task) => task.id === state.selectedId);

  const create = useCallback(
    async (key: DrawApiKey, body: Record<string, unknown>) => {
      const answer = await request<DrawTaskView>({ method: 'POST', url: `module/draw/task/createTask/${key}`, body });
      if (String(answer.code) !== '200') {
        warn(answer.message);
        return false;
      }
      state.add(answer.data);
      void message.success(t('aiImg.submitted'));
      return true;
    },
    [message, state, t, warn],
  );
  const remove = useCallback(
    async (task: DrawTaskView) => {
      const answer = await request({ method: 'DELETE', url: `module/draw/task/baseDeleteByIds/${task.id}` });
      if (String(answer.code) !== '200') return warn(answer.message);
      state.drop(task.id);
      void message.success(t('aiImg.deleted'));
    },
    [message, state, t, warn],
  );
  const loadMore = async () => {
    if (state.ended) return void message.info(t('aiImg.noMore'));
    await state.loadMore();
  };

  return (
    <div className={styles.studio} data-testid="ai-img-page">
      <Panel
        side="left"
        title={t('aiImg.params')}
        icon={<SettingOutlined />}
        folded={leftFolded}
        onFold={foldLeft}
        testId="ai-img-params"
      >
        <DrawForm
          request={request}
          warn={warn}
          onCreated={(task) => {
            state.add(task);
            void message.success(t('aiImg.submitted'));
          }}
        />
      </Panel>
      <main className={styles.center}>
        <TaskResult task={selected} request={request} message={message} create={create} remove={remove} />
      </main>
      <Panel
        side="right"
        title={t('aiImg.history')}
        icon={<HistoryOutlined />}
        folded={rightFolded}
        onFold={foldRight}
        testId="ai-img-history-panel"
      >
        <HistoryList
          request={request}
          tasks={state.tasks}
          selectedId={state.selectedId}
          loading={state.loading}
          ended={state.ended}
          onSelect={state.select}
          onLoadMore={() => void loadMore()}
        />
      </Panel>
    </div>
  );
}
