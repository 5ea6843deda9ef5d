import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';
import type { MenuInfo } from '../session/types';
import { PendingPage } from './PendingPage';
import { safeUrl } from './safe-url';

/** /{app}/frame/{menu_id}: the menu's url in a frame (type 4), or followed after showing it (type 5). */
export function FramePage({ menuId }: { menuId: string }) {
  const { menus } = useSnapshot(session);
  const menu = ((menus ?? []) as MenuInfo[]).find((m) => String(m.id) === menuId);
  const url = safeUrl(menu?.url);
  const redirect = Number(menu?.type) === 5;
  useEffect(() => {
    if (redirect && url) window.location.assign(url);
  }, [redirect, url]);
  if (!menu || !url) return <PendingPage route={`frame/${menuId}`} />;
  return (
    <iframe
      title={menu.title}
      src={url}
      style={{ width: '100%', height: 'calc(100vh - 90px)', border: 'none', background: '#fff' }}
      sandbox="allow-scripts allow-forms allow-same-origin allow-popups"
    />
  );
}
