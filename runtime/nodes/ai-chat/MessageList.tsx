/**
 * The message area: the question bubbles and the answers as sanitized markdown (./markdown.ts)
 * with code highlighting and copy buttons; a running answer shows a cursor, a partial one (stopped,
 * or cut off by a failure) is marked with why. Follows the newest text unless the user scrolled up.
 */
import { useEffect, useMemo, useRef, type MouseEvent } from 'react';
import { Avatar, Tooltip } from 'antd';
import { Icon } from './icons';
import { answerHtml, codeOf, COPY_CLASS } from './markdown';
import type { ChatItem } from './use-chat';

type T = (key: string, vars?: Record<string, unknown>) => string;

/** Copies through the Clipboard API, or a selected textarea where it is missing (plain http). */
export async function copyText(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) return navigator.clipboard.writeText(text);
  const area = document.createElement('textarea');
  area.value = text;
  area.style.position = 'fixed';
  area.style.opacity = '0';
  document.body.append(area);
  area.select();
  document.execCommand('copy');
  area.remove();
}

function Answer({ item, t, onCopied }: { item: ChatItem; t: T; onCopied: () => void }) {
  // `html` went through the sanitizer; the only elements added afterwards are our copy bars.
  const html = useMemo(() => answerHtml(item.content, t('aiChat.copy')), [item.content, t]);
  const click = (event: MouseEvent<HTMLDivElement>) => {
    const button = (event.target as Element).closest(`.${COPY_CLASS}`);
    if (button) void copyText(codeOf(button)).then(onCopied);
  };
  const partial = item.status === 'stopped' || item.status === 'failed';
  return (
    <div className="tessera-chat-answer">
      {item.content ? (
        <div
          className="tessera-markdown tessera-chat-markdown"
          data-testid="ai-chat-answer"
          onClick={click}
          dangerouslySetInnerHTML={{ __html: html }}
        />
      ) : null}
      {item.status === 'streaming' ? (
        <span className="tessera-chat-typing" data-testid="ai-chat-typing" aria-busy>
          <i />
          <i />
          <i />
        </span>
      ) : null}
      {partial ? (
        <div className="tessera-chat-partial" data-testid="ai-chat-partial">
          <Icon name="Warning" /> {t(item.status === 'stopped' ? 'aiChat.stopped' : 'aiChat.failed')}
          {item.reason ? <div className="tessera-chat-partial-reason">{item.reason}</div> : null}
        </div>
      ) : null}
      {item.status !== 'streaming' && item.content ? (
        <div className="tessera-chat-answer-tools">
          <Tooltip title={t('aiChat.copy')}>
            <Icon
              name="Copy"
              aria-label={t('aiChat.copy')}
              onClick={() => void copyText(item.content).then(onCopied)}
            />
          </Tooltip>
        </div>
      ) : null}
    </div>
  );
}

export function MessageList({ items, t, onCopied }: { items: ChatItem[]; t: T; onCopied: () => void }) {
  const host = useRef<HTMLDivElement>(null);
  const pinned = useRef(true);
  useEffect(() => {
    const element = host.current;
    if (element && pinned.current) element.scrollTop = element.scrollHeight;
  }, [items]);
  const onScroll = () => {
    const element = host.current;
    if (element) pinned.current = element.scrollHeight - element.scrollTop - element.clientHeight < 80;
  };
  return (
    <div className="tessera-chat-messages" ref={host} onScroll={onScroll} data-testid="ai-chat-messages">
      <div className="tessera-chat-thread">
        {items.map((item) => (
          <div key={item.key} className={`tessera-chat-row ${item.role}`} data-testid={`ai-chat-${item.role}`}>
            <Avatar
              size={32}
              icon={item.role === 'user' ? <Icon name="User" /> : <Icon name="Robot" />}
              className="tessera-chat-avatar"
            />
            {item.role === 'user' ? (
              <div className="tessera-chat-question">{item.content}</div>
            ) : (
              <Answer item={item} t={t} onCopied={onCopied} />
            )}
          </div>
        ))}
      </div>
    </div>
  );
}
