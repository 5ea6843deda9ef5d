/**
 * The aiChat node: the ai/chat page (issue 18 item 3; ai-and-widgets §2 "Chat page", §4, §5, §8):
 * a foldable session list on the left, the chat pane on the right with the model picker (locked
 * once the session has records), the greeting with the agent and its tips, the messages and the
 * input. Fetched on first use (runtime/nodes/components.ts) with its markdown, highlight.js and
 * catalog (protocol/messages/late.ts): none of it weighs on the first page.
 */
import '../../../protocol/messages/late';
import './ai-chat.css';
import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Select, Tooltip, message } from 'antd';
import { Icon } from './icons';
import { useRuntime, useT } from '../../react/context';
import { chatApi } from './api';
import { Composer } from './Composer';
import { Greeting } from './Greeting';
import { MessageList } from './MessageList';
import { SessionList } from './SessionList';
import { useChat, type Notify } from './use-chat';

export interface AiChatNodeSchema {
  type: 'aiChat';
  key?: string;
}

export function AiChatNode(_props: { node: AiChatNodeSchema }) {
  const { request, openStream } = useRuntime();
  const t = useT();
  const api = useMemo(() => chatApi(request), [request]);
  const [notice, holder] = message.useMessage();
  const notify = useMemo<Notify>(
    () => ({
      success: (text) => void notice.success(text),
      info: (text) => void notice.info(text),
      warning: (text) => void notice.warning(text),
      error: (text) => void notice.error(text),
    }),
    [notice],
  );
  const chat = useChat(api, openStream, t, notify);
  const [folded, setFolded] = useState(false);
  const warn = useCallback(
    (error: unknown) => notify.warning(error instanceof Error ? error.message : String(error)),
    [notify],
  );
  const empty = chat.items.length === 0;

  return (
    <div className={folded ? 'tessera-chat folded' : 'tessera-chat'} data-testid="ai-chat">
      {holder}
      {folded ? null : <SessionList chat={chat} t={t} onFold={() => setFolded(true)} />}
      <section className="tessera-chat-main">
        <header className="tessera-chat-head">
          {folded ? (
            <Tooltip title={t('aiChat.unfold')}>
              <Button
                type="text"
                icon={<Icon name="MenuUnfold" />}
                onClick={() => setFolded(false)}
                aria-label={t('aiChat.unfold')}
              />
            </Tooltip>
          ) : null}
          <span className="tessera-chat-title">
            {chat.current?.sessionName || chat.agent?.name || t('aiChat.untitled')}
          </span>
          <div className="tessera-chat-model" data-testid="ai-chat-model">
            <Select
              value={chat.modelId ?? undefined}
              options={chat.models ?? []}
              placeholder={t('aiChat.model')}
              onChange={(value: string) => void chat.chooseModel(value)}
              disabled={chat.locked}
              variant="borderless"
              popupMatchSelectWidth={false}
              style={{ minWidth: 160 }}
              suffixIcon={chat.locked ? <Icon name="Lock" data-testid="ai-chat-model-lock" /> : undefined}
            />
            {chat.locked ? (
              <span className="tessera-chat-model-note" data-testid="ai-chat-model-note">
                {t('ai.modelLocked')}
              </span>
            ) : null}
          </div>
        </header>
        {chat.models && chat.models.length === 0 ? (
          <Alert type="warning" showIcon banner message={t('aiChat.noModel')} data-testid="ai-chat-no-model" />
        ) : null}
        {empty ? (
          <div className="tessera-chat-messages">
            <Greeting api={api} agent={chat.agent} t={t} onTip={chat.setInput} onError={warn} />
          </div>
        ) : (
          <MessageList items={chat.items} t={t} onCopied={() => notify.success(t('aiChat.copied'))} />
        )}
        <Composer chat={chat} t={t} />
      </section>
    </div>
  );
}
