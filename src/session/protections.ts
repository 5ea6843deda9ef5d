/**
 * Client protections of spec platform-shell §1: console output silenced, right-click and F12 (and
 * the devtools shortcuts) blocked. A deterrent only — nothing secret may rely on it; the server is
 * the authority. Installed by the shell when app-settings.protectionsEnabled says so, never in
 * development. Returns the uninstaller.
 */
const SILENCED = ['log', 'info', 'debug', 'warn', 'table', 'dir', 'trace'] as const;

function isDevtoolsKey(event: KeyboardEvent): boolean {
  if (event.key === 'F12') return true;
  const ctrl = event.ctrlKey || event.metaKey;
  const key = event.key.toUpperCase();
  return ctrl && event.shiftKey && (key === 'I' || key === 'J' || key === 'C');
}

export function installProtections(target: Window = window, onDevtools?: () => void): () => void {
  const console = (target as Window & typeof globalThis).console as unknown as Record<string, unknown>;
  const saved = SILENCED.map((name) => [name, console[name]] as const);
  for (const name of SILENCED) console[name] = () => undefined;
  const onContextMenu = (event: Event) => event.preventDefault();
  const onKeyDown = (event: KeyboardEvent) => {
    if (isDevtoolsKey(event)) {
      event.preventDefault();
      event.stopPropagation();
      onDevtools?.();
    }
  };
  target.addEventListener('contextmenu', onContextMenu, true);
  target.addEventListener('keydown', onKeyDown, true);
  return () => {
    for (const [name, fn] of saved) console[name] = fn;
    target.removeEventListener('contextmenu', onContextMenu, true);
    target.removeEventListener('keydown', onKeyDown, true);
  };
}
