/**
 * The new-chat popover's agents (ai-and-widgets §7: pages of AGENT_PAGE): the first page on opening,
 * the next ones on "load more" until a short page says there are no more, so an app with more agents
 * than one page can still pick each of them.
 */
import { useCallback, useEffect, useState } from 'react';
import { AGENT_PAGE, type Agent, type ChatApi } from './api';

export function useAgents(api: ChatApi, warn: (error: unknown) => void) {
  const [agents, setAgents] = useState<Agent[]>([]);
  const [page, setPage] = useState(0);
  const [end, setEnd] = useState(false);
  const [loading, setLoading] = useState(false);

  const load = useCallback(
    async (next: number) => {
      setLoading(true);
      try {
        const rows = await api.agents(next);
        // An agent added meanwhile shifts the pages: one already listed is not listed twice.
        setAgents((all) => (next === 1 ? rows : [...all, ...rows.filter((row) => !all.some((a) => a.id === row.id))]));
        setPage(next);
        setEnd(rows.length < AGENT_PAGE);
      } catch (error) {
        warn(error);
      } finally {
        setLoading(false);
      }
    },
    [api, warn],
  );

  useEffect(() => {
    void load(1);
  }, [load]);

  return {
    agents,
    agentsEnd: end,
    agentsLoading: loading,
    loadMoreAgents: () => (loading || end ? undefined : load(page + 1)),
  };
}
