/**
 * dashboard/design/{id}: the dashboard designer (designer/react/dashboard), fetched on first visit
 * (its own chunk, with react-grid-layout). The shell gives it the runtime's provider (client,
 * language, user) and the ways out: back to the dashboard list, or the dashboard itself. The save
 * API is admin-only; others see the dashboard read-only.
 */
import { RuntimeProvider } from '../../runtime/react/context';
import { DashboardDesigner } from '../../designer/react/dashboard';
import '../runtime-bindings';
import { forget } from '../session/module-cache';
import { useDesignerShell } from './shell-runtime';

export function DashboardDesignerRoute({ dashboardId }: { dashboardId: string }) {
  const { app, navigate, runtime, guard, setDirty } = useDesignerShell('dashDesigner.leaveConfirm');
  return (
    <RuntimeProvider value={runtime}>
      <DashboardDesigner
        dashboardId={dashboardId}
        // Back and Open asked already (the designer's own confirm).
        onBack={() => guard.pass(() => navigate(`/${app}/dashboard`))}
        onOpen={() => guard.pass(() => navigate(`/${app}/dashboard/common/${dashboardId}?layout=main`))}
        onDirtyChange={setDirty}
        // The dashboard page opened next fetches the saved schema, not a cached copy.
        onSaved={() => forget('dashboard', dashboardId)}
      />
    </RuntimeProvider>
  );
}
