/**
 * The unsaved draft of a module, kept in localStorage per app and module so that a reload (or a
 * crash) loses nothing: written as the document changes while it differs from the saved one,
 * removed by a save or a discard.
 */
export interface Draft {
  /** The head version the draft was based on. */
  base?: number;
  schema: unknown;
  at: number;
}

export const draftKey = (app: string, moduleId: string) => `tessera.designer.${app}.${moduleId}`;

export function readDraft(storage: Storage | undefined, key: string): Draft | undefined {
  try {
    const text = storage?.getItem(key);
    const draft = text ? (JSON.parse(text) as Draft) : undefined;
    return draft && typeof draft === 'object' && draft.schema ? draft : undefined;
  } catch {
    return undefined;
  }
}

export function writeDraft(storage: Storage | undefined, key: string, draft: Draft): void {
  try {
    storage?.setItem(key, JSON.stringify(draft));
  } catch {
    // A full storage keeps the designer working; only the draft is not kept.
  }
}

export function clearDraft(storage: Storage | undefined, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // nothing to clear
  }
}

export const browserStorage = (): Storage | undefined =>
  typeof localStorage === 'undefined' ? undefined : localStorage;
