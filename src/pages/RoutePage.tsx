import { useSnapshot } from 'valtio';
import { pageFor } from '../routes/pages';
import { schemaRoutes } from '../routes/page-schemas';
import { session } from '../session/store';
import { ErrorPage } from './ErrorPage';
// Every page but the error page is fetched on first visit (the page runtime, the personal centre,
// the home, frame and pending pages, dashboards and the designer).
import {
  AiImageScreen,
  DashboardScreen,
  DesignerRoute,
  FramePage,
  HomePage,
  ModulePage,
  PendingPage,
  PersonalCenter,
  SchemaPage,
} from '../routes/lazy-screens';

/** The page a guarded route shows inside the main layout (see routes/pages.ts). */
export function RoutePage({ path }: { path: string }) {
  const { app } = useSnapshot(session);
  const page = pageFor(path, schemaRoutes);
  switch (page.kind) {
    case 'home':
      return <HomePage />;
    case 'module':
      return <ModulePage moduleId={page.id} key={page.id} />;
    case 'frame':
      return <FramePage menuId={page.menuId} key={page.menuId} />;
    case 'personal':
      return <PersonalCenter />;
    case 'designer':
      return <DesignerRoute moduleId={page.id} key={page.id} />;
    case 'schema':
      return <SchemaPage route={path} key={path} />;
    case 'dashboard':
      return <DashboardScreen id={page.id} key={page.id} />;
    case 'aiImg':
      return <AiImageScreen />;
    case 'pending':
      return <PendingPage route={path} />;
    default:
      // A menu path that names no page: the menu is misconfigured, say so rather than go blank.
      return app ? <PendingPage route={path} /> : <ErrorPage status="404" app={app} />;
  }
}
