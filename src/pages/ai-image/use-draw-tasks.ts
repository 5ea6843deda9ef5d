/**
 * The studio's task state (ai-and-widgets §4, §9): the history paged 10 at a time (a page shorter
 * than that is the end: load-more then says "no more data"), every WAIT/RUNNING task's progress
 * polled every 2 s (the last entry counts: any entry makes it RUNNING, '100%' SUCCESS; FAIL comes
 * only from the server), and a finished task re-read for its stored images.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { RequestFn } from '../../../protocol/http';
import { DRAW_LIMITS, type DrawProgress, type DrawTaskView } from '../../../protocol/ai-image';

const ACTIVE = new Set(['WAIT', 'RUNNING']);
export const isActive = (task: DrawTaskView) => ACTIVE.has(task.taskStatus);
const succeeded = (code: string | number) => String(code) === '200';

export interface DrawTasksState {
  tasks: DrawTaskView[];
  loading: boolean;
  ended: boolean;
  selectedId: string | undefined;
  select(id: string | undefined): void;
  loadMore(): Promise<boolean>;
  /** A task just created: first in the list, selected. */
  add(task: DrawTaskView): void;
  drop(id: string): void;
}

export function useDrawTasks(request: RequestFn, warn: (text: string) => void): DrawTasksState {
  const [tasks, setTasks] = useState<DrawTaskView[]>([]);
  const [loading, setLoading] = useState(false);
  const [ended, setEnded] = useState(false);
  const [selectedId, select] = useState<string>();
  const page = useRef(0);
  const tasksRef = useRef(tasks);
  tasksRef.current = tasks;

  const fetchPage = useCallback(
    async (number: number, size: number = DRAW_LIMITS.pageSize) => {
      const answer = await request<DrawTaskView[]>({
        method: 'GET',
        url: 'module/draw/task/userTaskList',
        query: { page: number, size },
      });
      if (!succeeded(answer.code)) {
        warn(answer.message);
        return undefined;
      }
      return answer.data ?? [];
    },
    [request, warn],
  );

  const loadMore = useCallback(async () => {
    if (ended) return false;
    setLoading(true);
    try {
      const rows = await fetchPage(page.current + 1);
      if (!rows) return true;
      page.current += 1;
      setTasks((current) => [...current, ...rows.filter((row) => !current.some((task) => task.id === row.id))]);
      if (rows.length < DRAW_LIMITS.pageSize) setEnded(true);
      return true;
    } finally {
      setLoading(false);
    }
  }, [ended, fetchPage]);

  useEffect(() => {
    void loadMore();
    // Only the first page on mount; later pages come from the load-more link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Re-reads the newest tasks (a finished one now has its images). */
  const refresh = useCallback(async () => {
    const size = Math.min(50, Math.max(DRAW_LIMITS.pageSize, tasksRef.current.length));
    const rows = await fetchPage(1, size);
    if (!rows) return;
    setTasks((current) => current.map((task) => rows.find((row) => row.id === task.id) ?? task));
  }, [fetchPage]);

  useEffect(() => {
    const timer = setInterval(() => {
      const active = tasksRef.current.filter(isActive);
      if (active.length === 0) return;
      void Promise.all(
        active.map(async (task) => {
          const answer = await request<DrawProgress[]>({
            method: 'GET',
            url: 'module/draw/task/getMjCacheImage',
            query: { mjWebTaskId: task.mjWebTaskId },
          });
          const last = succeeded(answer.code) ? answer.data?.at(-1) : undefined;
          return last ? { id: task.id, last } : undefined;
        }),
      ).then(async (updates) => {
        // §4: any entry makes the task RUNNING, '100%' makes it SUCCESS; FAIL only from the server.
        const statusOf = (last: DrawProgress) =>
          last.taskStatus === 'FAIL' ? 'FAIL' : last.schedule === '100%' ? 'SUCCESS' : 'RUNNING';
        setTasks((current) =>
          current.map((task) => {
            const update = updates.find((u) => u?.id === task.id);
            if (!update) return task;
            const { last } = update;
            return {
              ...task,
              taskStatus: statusOf(last),
              progress: last,
              failReason: last.failReason ?? task.failReason,
            };
          }),
        );
        // A task that has just finished is read again for its stored images.
        const finished = updates.some((u) => u && (statusOf(u.last) === 'SUCCESS' || statusOf(u.last) === 'FAIL'));
        if (finished) await refresh();
      });
    }, DRAW_LIMITS.pollMs);
    return () => clearInterval(timer);
  }, [request, refresh]);

  const add = useCallback((task: DrawTaskView) => {
    setTasks((current) => [task, ...current.filter((row) => row.id !== task.id)]);
    select(task.id);
  }, []);
  const drop = useCallback((id: string) => {
    setTasks((current) => current.filter((task) => task.id !== id));
    select((current) => (current === id ? undefined : current));
  }, []);

  return { tasks, loading, ended, selectedId, select, loadMore, add, drop };
}
