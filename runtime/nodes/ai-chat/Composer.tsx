/**
 * The input area (§5): Enter sends, Ctrl+Enter inserts a newline (Shift+Enter too; an IME's
 * composing Enter never sends), the continuous-conversation toggle (on by default, §4) and the
 * send button, which turns into stop while an answer runs.
 */
import { type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { Button, Input, Switch, Tooltip } from 'antd';
import { Icon } from './icons';
import type { ChatState } from './use-chat';

type T = (key: string, vars?: Record<string, unknown>) => string;

export function Composer({ chat, t }: { chat: ChatState; t: T }) {
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    if (event.ctrlKey || event.metaKey) {
      event.preventDefault();
      const element = event.currentTarget;
      const { selectionStart, selectionEnd, value } = element;
      const next = `${value.slice(0, selectionStart)}\n${value.slice(selectionEnd)}`;
      // Rendered now, so the caret goes after the new line before the next key arrives.
      flushSync(() => chat.setInput(next));
      element.setSelectionRange(selectionStart + 1, selectionStart + 1);
      return;
    }
    if (event.shiftKey) return;
    event.preventDefault();
    void chat.send();
  };
  return (
    <div className="tessera-chat-composer">
      <div className="tessera-chat-input-box">
        <Input.TextArea
          value={chat.input}
          onChange={(e) => chat.setInput(e.target.value)}
          onKeyDown={onKeyDown}
          placeholder={t('aiChat.placeholder')}
          autoSize={{ minRows: 2, maxRows: 8 }}
          variant="borderless"
          data-testid="ai-chat-input"
        />
        <div className="tessera-chat-input-bar">
          <Tooltip title={t('aiChat.continuousHint')}>
            <label className="tessera-chat-continuous">
              <Switch
                size="small"
                checked={chat.continuous}
                onChange={chat.setContinuous}
                data-testid="ai-chat-continuous"
              />
              <span>{t('aiChat.continuous')}</span>
            </label>
          </Tooltip>
          {chat.sending ? (
            // Keyed apart: React must not turn the stop button into the send button under a second click.
            <Button
              key="stop"
              shape="round"
              icon={<Icon name="Border" />}
              onClick={chat.stop}
              data-testid="ai-chat-stop"
            >
              {t('aiChat.stop')}
            </Button>
          ) : (
            <Button
              key="send"
              type="primary"
              shape="circle"
              icon={<Icon name="ArrowUp" />}
              onClick={() => void chat.send()}
              aria-label={t('aiChat.send')}
              data-testid="ai-chat-send"
            />
          )}
        </div>
      </div>
      <div className="tessera-chat-notice">{t('aiChat.aiNotice')}</div>
    </div>
  );
}
