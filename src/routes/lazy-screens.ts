/**
 * The screens inside the main layout, each fetched when its route first opens. Apart from
 * ./lazy-pages.ts because the main layout (which lazy-pages fetches) renders them: importing them
 * from lazy-pages made a module cycle.
 */
import { Spin } from 'antd';
import { createElement } from 'react';
import { ChunkRetry } from '../../runtime/react/ChunkRetry';
import { lazyComponent, type LazyOptions } from '../../runtime/react/lazy-component';
import { currentLang } from '../i18n';

/** Centred in the space the page will take, so the frame around it does not jump. */
export const pageFallback = () =>
  createElement(
    'div',
    { className: 'tessera-page-loading', style: { display: 'flex', justifyContent: 'center', padding: 48 } },
    createElement(Spin),
  );

/** After the spec's chunk timeout (or a failed fetch) a page offers to fetch its code again. */
export const retryable: LazyOptions = {
  failed: (retry) => createElement(ChunkRetry, { lang: currentLang(), onRetry: retry }),
};

export const ModulePage = lazyComponent(
  () => import('../pages/ModulePage').then((m) => m.ModulePage),
  pageFallback,
  retryable,
);
export const SchemaPage = lazyComponent(
  () => import('../pages/SchemaPage').then((m) => m.SchemaPage),
  pageFallback,
  retryable,
);
export const PersonalCenter = lazyComponent(
  () => import('../pages/PersonalCenter').then((m) => m.PersonalCenter),
  pageFallback,
  retryable,
);
/** A dashboard inside the main layout (`dashboard/common/{id}?layout=main`; full screen otherwise). */
export const DashboardScreen = lazyComponent(
  () => import('../pages/DashboardPage').then((m) => m.DashboardPage),
  pageFallback,
  retryable,
);
/** The form designer (design/{module_id}): its own chunk with dnd-kit and CodeMirror. */
export const DesignerRoute = lazyComponent(
  () => import('../pages/DesignerRoute').then((m) => m.DesignerRoute),
  pageFallback,
  retryable,
);
/**
 * The home, frame and "pending" pages: small, but the home page's Card brings antd's Tabs with it,
 * and none of them is needed before a list page paints (tests/build/first-page-size.test.ts).
 */
export const HomePage = lazyComponent(
  () => import('../pages/HomePage').then((m) => m.HomePage),
  pageFallback,
  retryable,
);
export const FramePage = lazyComponent(
  () => import('../pages/FramePage').then((m) => m.FramePage),
  pageFallback,
  retryable,
);
export const PendingPage = lazyComponent(
  () => import('../pages/PendingPage').then((m) => m.PendingPage),
  pageFallback,
  retryable,
);
/** ai/img, the image-drawing studio (src/pages/ai-image): its own chunk with its catalog. */
export const AiImageScreen = lazyComponent(
  () => import('../pages/ai-image/AiImagePage').then((m) => m.AiImagePage),
  pageFallback,
  retryable,
);
