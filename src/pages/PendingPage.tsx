import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';

/**
 * A route of the spec whose page is not configured yet: says so and leads back home. The AI pages
 * (ai/chat, ai/img) say "coming soon" instead: the top bar offers them when an app enables AI, and
 * the AI issues replace this with the real pages.
 */
export function PendingPage({ route }: { route: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { app } = useSnapshot(session);
  const ai = route.startsWith('ai/');
  return (
    <div data-testid={ai ? 'ai-pending' : 'pending'}>
      <Result
        status="info"
        title={t(ai ? 'page.aiPending.title' : 'page.pending.title')}
        subTitle={t(ai ? 'page.aiPending.sub' : 'page.pending.sub', { route: `/${app}/${route}` })}
        extra={
          <Button type="primary" onClick={() => navigate(`/${app}/index`)}>
            {t('page.backHome')}
          </Button>
        }
      />
    </div>
  );
}
