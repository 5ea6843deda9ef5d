/**
 * The dashboard designer's history drawer: the form designer's drawer (../HistoryDrawer.tsx) over
 * the dashboard's version routes; its texts are shared.
 */
import { VersionHistoryDrawer, type VersionStore } from '../HistoryDrawer';
import { dashboardDiff, dashboardVersions, rollbackDashboard } from './api';

export function DashboardHistory({
  dashboardId,
  ...props
}: {
  dashboardId: string;
  readOnly: boolean;
  baseVersion?: number;
  compareHead: boolean;
  onClose: () => void;
  onRolledBack: () => void;
}) {
  const store: VersionStore = {
    versions: (request) => dashboardVersions(request, dashboardId),
    diff: (request, from, to) => dashboardDiff(request, dashboardId, from, to),
    rollback: (request, version, base) => rollbackDashboard(request, dashboardId, version, base),
  };
  return <VersionHistoryDrawer store={store} className="tessera-dash-history" {...props} />;
}
