/**
 * The left panel (§2 chat page): new chat with its agents popover (10 at a time, load more below
 * them: use-agents.ts), the sessions with rename and
 * delete, and the refresh, clear-all and load-more links (page size 10, "no more data" at the end).
 */
import { useState } from 'react';
import { Button, Empty, Input, Modal, Popconfirm, Popover, Tooltip } from 'antd';
import { Icon } from './icons';
import type { ChatState } from './use-chat';

type T = (key: string, vars?: Record<string, unknown>) => string;

export function SessionList({ chat, t, onFold }: { chat: ChatState; t: T; onFold: () => void }) {
  const [agentsOpen, setAgentsOpen] = useState(false);
  const [renaming, setRenaming] = useState<{ id: string; name: string }>();
  const start = (agent: ChatState['agents'][number] | null) => {
    setAgentsOpen(false);
    chat.newChat(agent);
  };
  const agentList = (
    <div className="tessera-chat-agents" data-testid="ai-chat-agents">
      <div className="tessera-chat-agents-title">{t('aiChat.pickAgent')}</div>
      <button type="button" className="tessera-chat-agent" onClick={() => start(null)}>
        <Icon name="Message" />
        <span className="tessera-chat-agent-name">{t('aiChat.plainChat')}</span>
      </button>
      {chat.agents.map((agent) => (
        <button type="button" key={agent.id} className="tessera-chat-agent" onClick={() => start(agent)}>
          <Icon name="Robot" />
          <span>
            <span className="tessera-chat-agent-name">{agent.name}</span>
            {agent.role ? <span className="tessera-chat-agent-role">{agent.role}</span> : null}
          </span>
        </button>
      ))}
      {chat.agentsEnd ? null : (
        <Button
          type="link"
          size="small"
          block
          loading={chat.agentsLoading}
          onClick={() => void chat.loadMoreAgents()}
          data-testid="ai-chat-agents-more"
        >
          {t('aiChat.loadMore')}
        </Button>
      )}
    </div>
  );
  return (
    <aside className="tessera-chat-side" data-testid="ai-chat-sessions">
      <div className="tessera-chat-side-head">
        <Popover
          content={agentList}
          trigger="click"
          placement="bottomLeft"
          open={agentsOpen}
          onOpenChange={setAgentsOpen}
        >
          <Button type="primary" icon={<Icon name="Plus" />} block data-testid="ai-chat-new">
            {t('aiChat.newChat')}
          </Button>
        </Popover>
        <Tooltip title={t('aiChat.fold')}>
          <Button type="text" icon={<Icon name="MenuFold" />} onClick={onFold} aria-label={t('aiChat.fold')} />
        </Tooltip>
      </div>
      <div className="tessera-chat-side-title">{t('aiChat.sessions')}</div>
      <ul className="tessera-chat-session-list">
        {chat.sessions.map((session) => (
          <li
            key={session.id}
            className={session.id === chat.currentId ? 'tessera-chat-session active' : 'tessera-chat-session'}
            data-testid="ai-chat-session"
            onClick={() => void chat.openSession(session.id)}
          >
            <Icon name="Message" className="tessera-chat-session-icon" />
            <span className="tessera-chat-session-name" title={session.sessionName}>
              {session.sessionName || t('aiChat.untitled')}
            </span>
            <span className="tessera-chat-session-actions" onClick={(e) => e.stopPropagation()}>
              <Tooltip title={t('aiChat.rename')}>
                <Icon
                  name="Edit"
                  aria-label={t('aiChat.rename')}
                  onClick={() => setRenaming({ id: session.id, name: session.sessionName })}
                />
              </Tooltip>
              <Popconfirm title={t('aiChat.deleteConfirm')} onConfirm={() => chat.remove(session.id)}>
                <Icon name="Delete" aria-label={t('aiChat.delete')} />
              </Popconfirm>
            </span>
          </li>
        ))}
      </ul>
      {chat.sessions.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('aiChat.noSessions')} />
      ) : null}
      <div className="tessera-chat-side-links">
        <a onClick={() => void chat.refresh()}>{t('aiChat.refresh')}</a>
        <Popconfirm title={t('aiChat.clearConfirm')} onConfirm={() => chat.remove(null)}>
          <a>{t('aiChat.clearAll')}</a>
        </Popconfirm>
        <a onClick={() => void chat.loadMore()}>{t('aiChat.loadMore')}</a>
      </div>
      <Modal
        open={Boolean(renaming)}
        title={t('aiChat.rename')}
        onCancel={() => setRenaming(undefined)}
        onOk={() => {
          const target = renaming!;
          setRenaming(undefined);
          void chat.rename(target.id, target.name.trim());
        }}
        okButtonProps={{ disabled: !renaming?.name.trim() }}
        destroyOnHidden
      >
        <Input
          autoFocus
          maxLength={200}
          value={renaming?.name ?? ''}
          onChange={(e) => setRenaming((r) => r && { ...r, name: e.target.value })}
          data-testid="ai-chat-rename-input"
        />
      </Modal>
    </aside>
  );
}
