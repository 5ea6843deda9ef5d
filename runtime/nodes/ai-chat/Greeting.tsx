/**
 * An empty session (§2): a greeting with the agent's name and role description, and up to 12
 * suggested prompts (§9 tips page size 12) with a change button that pages through them, back to
 * the first page after the last. A prompt clicked goes into the input.
 */
import { useCallback, useEffect, useState } from 'react';
import { Button } from 'antd';
import { Icon } from './icons';
import { TIPS_PAGE, type Agent, type ChatApi, type Tip } from './api';

type T = (key: string, vars?: Record<string, unknown>) => string;

export function Greeting(props: {
  api: ChatApi;
  agent: Agent | undefined;
  t: T;
  onTip: (text: string) => void;
  onError: (error: unknown) => void;
}) {
  const { api, agent, t, onTip, onError } = props;
  const [tips, setTips] = useState<Tip[]>([]);
  const [page, setPage] = useState(1);
  const agentId = agent?.id ?? null;

  const load = useCallback(
    async (wanted: number) => {
      try {
        let rows = await api.tips(wanted, agentId);
        let at = wanted;
        if (rows.length === 0 && wanted > 1) {
          rows = await api.tips(1, agentId);
          at = 1;
        }
        setTips(rows);
        setPage(at);
      } catch (error) {
        onError(error);
      }
    },
    [api, agentId, onError],
  );
  useEffect(() => {
    void load(1);
  }, [load]);

  return (
    <div className="tessera-chat-greeting" data-testid="ai-chat-greeting">
      <div className="tessera-chat-greeting-icon">
        <Icon name="Robot" />
      </div>
      <h2>{t('aiChat.greeting', { name: agent?.name ?? t('aiChat.assistant') })}</h2>
      <p className="tessera-chat-greeting-role">{agent?.role || t('aiChat.defaultRole')}</p>
      {tips.length ? (
        <div className="tessera-chat-tips">
          <div className="tessera-chat-tips-head">
            <span>
              <Icon name="Bulb" /> {t('aiChat.tips')}
            </span>
            <Button
              type="link"
              size="small"
              icon={<Icon name="Sync" />}
              onClick={() => void load(tips.length < TIPS_PAGE ? 1 : page + 1)}
              data-testid="ai-chat-change-tips"
            >
              {t('aiChat.changeTips')}
            </Button>
          </div>
          <div className="tessera-chat-tip-grid">
            {tips.slice(0, TIPS_PAGE).map((tip) => (
              <button
                type="button"
                key={tip.id}
                className="tessera-chat-tip"
                title={tip.content}
                onClick={() => onTip(tip.content)}
                data-testid="ai-chat-tip"
              >
                {tip.title}
              </button>
            ))}
          </div>
        </div>
      ) : null}
    </div>
  );
}
