/**
 * Conditions a tab pane may name in `showIf`: the host registers a named check (the shell: "the
 * app sells AI credits"), the schema names it. Only registered names count and an unknown name
 * hides the pane, so a schema cannot run code and cannot show a pane the host does not offer.
 */
const conditions = new Map<string, () => boolean>();

export function registerPaneCondition(name: string, check: () => boolean): () => void {
  conditions.set(name, check);
  return () => {
    if (conditions.get(name) === check) conditions.delete(name);
  };
}

export function paneShown(showIf: string | undefined): boolean {
  if (!showIf) return true;
  const check = conditions.get(showIf);
  try {
    return check ? check() : false;
  } catch {
    return false;
  }
}
