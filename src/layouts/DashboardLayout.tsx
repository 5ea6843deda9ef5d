import { Button, Space } from 'antd';
import { ArrowLeftOutlined, FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { session } from '../session/store';

export const CONTROLS_VISIBLE_MS = 3000;

/** True for CONTROLS_VISIBLE_MS after the last mouse or key activity. */
export function useRecentActivity(ms = CONTROLS_VISIBLE_MS): boolean {
  const [active, setActive] = useState(true);
  useEffect(() => {
    let timer = window.setTimeout(() => setActive(false), ms);
    const wake = () => {
      setActive(true);
      window.clearTimeout(timer);
      timer = window.setTimeout(() => setActive(false), ms);
    };
    const events = ['mousemove', 'mousedown', 'keydown', 'touchstart', 'wheel'] as const;
    for (const name of events) window.addEventListener(name, wake, { passive: true });
    return () => {
      window.clearTimeout(timer);
      for (const name of events) window.removeEventListener(name, wake);
    };
  }, [ms]);
  return active;
}

/** Dashboards fill the window; the full-screen toggle and back button show for 3 s after activity. */
export function DashboardLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { app } = useSnapshot(session);
  const active = useRecentActivity();
  const [full, setFull] = useState(Boolean(document.fullscreenElement));
  useEffect(() => {
    const sync = () => setFull(Boolean(document.fullscreenElement));
    document.addEventListener('fullscreenchange', sync);
    return () => document.removeEventListener('fullscreenchange', sync);
  }, []);
  const toggle = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void document.documentElement.requestFullscreen().catch(() => undefined);
  };
  const back = () => (window.history.length > 1 ? navigate(-1) : navigate(`/${app}/index`));
  return (
    <div
      style={{ minHeight: '100vh', background: '#0b1a33', color: '#fff', position: 'relative' }}
      data-testid="dashboard-layout"
    >
      <Space
        style={{
          position: 'fixed',
          top: 16,
          right: 16,
          zIndex: 10,
          transition: 'opacity .3s',
          opacity: active ? 1 : 0,
          pointerEvents: active ? 'auto' : 'none',
        }}
        data-testid="dashboard-controls"
        data-visible={active ? 'true' : 'false'}
      >
        <Button icon={<ArrowLeftOutlined />} onClick={back}>
          {t('common.back')}
        </Button>
        <Button
          icon={full ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          onClick={toggle}
          data-testid="fullscreen"
        >
          {full ? t('dashboard.exitFull') : t('dashboard.full')}
        </Button>
      </Space>
      <div style={{ padding: 24 }}>{children}</div>
    </div>
  );
}
