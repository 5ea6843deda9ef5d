import { useSnapshot } from 'valtio';
import { pageFor } from '../routes/pages';
import { schemaRoutes } from '../routes/page-schemas';
import { session } from '../session/store';
import { ErrorPage } from './ErrorPage';
import { FramePage } from './FramePage';
import { HomePage } from './HomePage';
import { PendingPage } from './PendingPage';
// The page runtime (schema pages, modules) and the personal centre are fetched on first visit.
import { ModulePage, PersonalCenter, SchemaPage } from '../routes/lazy-pages';

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
    case 'schema':
      return <SchemaPage route={path} key={path} />;
    case 'pending':
    case 'dashboard':
      return <PendingPage route={path} />;
    default:
      // A menu path that names no page: the menu is misconfigured, say so rather than go blank.
      return app ? <PendingPage route={path} /> : <ErrorPage status="404" app={app} />;
  }
}
