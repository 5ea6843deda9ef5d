/**
 * The shell's pages and layouts, each fetched when its route first opens (Vite splits them at the
 * dynamic import): the login page does not carry the main layout or the page runtime, and a list
 * page does not carry the login forms, the dashboard or the personal centre. Once fetched, a page
 * renders synchronously (no spinner again on the next visit).
 */
import { lazyComponent } from '../../runtime/react/lazy-component';
import { ModulePage, pageFallback, retryable, SchemaPage } from './lazy-screens';

export const LoginPage = lazyComponent(
  () => import('../pages/login/LoginPage').then((m) => m.LoginPage),
  pageFallback,
  retryable,
);
export const AccountPage = lazyComponent(
  () => import('../pages/login/RegisterPage').then((m) => m.AccountPage),
  pageFallback,
  retryable,
);
export const MainLayout = lazyComponent(
  () => import('../layouts/MainLayout').then((m) => m.MainLayout),
  pageFallback,
  retryable,
);
export const ForcedPasswordPage = lazyComponent(
  () => import('../pages/login/ForcedPasswordPage').then((m) => m.ForcedPasswordPage),
  pageFallback,
  retryable,
);
export const DashboardLayout = lazyComponent(
  () => import('../layouts/DashboardLayout').then((m) => m.DashboardLayout),
  pageFallback,
  retryable,
);
export const DashboardPage = lazyComponent(
  () => import('../pages/DashboardPage').then((m) => m.DashboardPage),
  pageFallback,
  retryable,
);
const prefetched = new Set<boolean>();
/**
 * Once the first screen is up, fetch in idle time where the user goes next: from a sign-in screen
 * the main layout and the page runtime, from a signed-in page the sign-in screen (a session that
 * ends — P4007, logout — lands there at once, without a spinner).
 */
export function prefetchNextPages(signedIn: boolean): void {
  if (prefetched.has(signedIn)) return;
  prefetched.add(signedIn);
  const next = signedIn ? [LoginPage] : [MainLayout, ModulePage, SchemaPage];
  const idle: (run: () => void) => void =
    typeof requestIdleCallback === 'function' ? (run) => requestIdleCallback(run, { timeout: 2000 }) : (run) => run();
  // After the current page's own chunks had their turn on the network.
  setTimeout(() => idle(() => next.forEach((page) => void page.preload().catch(() => undefined))), 200);
}
