/**
 * Folder rows (flat, as GET resources/folders answers) → the tree the page shows, and the path of
 * a folder for the breadcrumb. A row whose parent is missing (deleted meanwhile) hangs at the root;
 * a parent loop (which the server refuses to create) is cut rather than followed forever.
 */
export interface FolderRow {
  id: string;
  name: string;
  parent_id: string | null;
}

export interface FolderNode {
  key: string;
  title: string;
  children: FolderNode[];
}

export function folderTree(rows: readonly FolderRow[]): FolderNode[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, FolderRow[]>();
  for (const row of rows) {
    const parent = row.parent_id && ids.has(row.parent_id) ? row.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const seen = new Set<string>();
  const build = (parent: string | null): FolderNode[] =>
    (byParent.get(parent) ?? [])
      .filter((row) => !seen.has(row.id) && seen.add(row.id))
      .sort((a, b) => a.name.localeCompare(b.name))
      .map((row) => ({ key: row.id, title: row.name, children: build(row.id) }));
  return build(null);
}

/** The folders from the root down to `id` (empty for the root or an unknown id). */
export function folderPath(rows: readonly FolderRow[], id: string | null): FolderRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const path: FolderRow[] = [];
  let current = id ? byId.get(id) : undefined;
  while (current && !path.includes(current)) {
    path.unshift(current);
    current = current.parent_id ? byId.get(current.parent_id) : undefined;
  }
  return path;
}

/** Every folder id under `id` (itself included): where a folder may not be moved to. */
export function descendantsOf(rows: readonly FolderRow[], id: string): Set<string> {
  const out = new Set([id]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const row of rows)
      if (row.parent_id && out.has(row.parent_id) && !out.has(row.id)) {
        out.add(row.id);
        grew = true;
      }
  }
  return out;
}
