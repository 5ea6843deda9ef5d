/**
 * The page's address query, as the host's router sees it: a node that keeps a choice in the address
 * (the tab node's `props.query`) reads and writes it here, so a link can open the page on that
 * choice and reloading keeps it. Without a provider such nodes keep the choice in their own state.
 */
import { createContext, useContext } from 'react';

export interface PageQuery {
  get(name: string): string | null;
  /** Replaces the parameter in the address (no new history entry). */
  set(name: string, value: string): void;
  /**
   * Sets several parameters at once (null removes one) as a new history entry, so Back returns to
   * the previous state (a list's page, size, search and view). Hosts without it: set() each.
   */
  update?(values: Record<string, string | null>): void;
}

const PageQueryContext = createContext<PageQuery | null>(null);

export const PageQueryProvider = PageQueryContext.Provider;

export function usePageQuery(): PageQuery | null {
  return useContext(PageQueryContext);
}
