/**
 * design/{module_id}: the form designer (designer/react), fetched on first visit (its own chunk,
 * with dnd-kit and CodeMirror). The shell gives it the runtime's provider (client, language, user)
 * and the way back; any signed-in user may open it (the guard's rule), the store's save API is
 * admin-only and the designer shows others the module read-only.
 */
import { RuntimeProvider } from '../../runtime/react/context';
import { Designer } from '../../designer/react';
import '../runtime-bindings';
import { forget, invalidateModuleVersions } from '../session/module-cache';
import { useDesignerShell } from './shell-runtime';

export function DesignerRoute({ moduleId }: { moduleId: string }) {
  const { app, navigate, runtime, guard, setDirty } = useDesignerShell('designerUi.leaveConfirm');
  return (
    <RuntimeProvider value={runtime}>
      <Designer
        moduleId={moduleId}
        app={app}
        // The designer's Back asked already (its own confirm).
        onBack={() => guard.pass(() => navigate(`/${app}/module`))}
        onDirtyChange={setDirty}
        onSaved={() => {
          // The module page opened next fetches the saved schema, not a cached copy.
          forget('module', moduleId);
          invalidateModuleVersions();
        }}
      />
    </RuntimeProvider>
  );
}
