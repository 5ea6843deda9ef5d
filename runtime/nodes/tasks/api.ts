/** The Task page's calls (server/tasks/routes.ts), through the runtime's RequestFn. */
import { isSuccess } from '../../../protocol/codes';
import type { ApiResult, RequestFn } from '../../../protocol/http';

export type TaskAction = 'api' | 'message' | 'report' | 'tableReport';

export interface TaskConfig {
  source?: string;
  params?: Record<string, string | number | boolean>;
  to?: { userIds?: string[]; roleIds?: string[]; all?: boolean };
  title?: string;
  body?: string;
  link?: string | null;
  maxRows?: number;
  table?: string;
  query?: Record<string, unknown>;
  limit?: number;
  output?: 'message' | 'xlsx' | 'csv';
}

export interface RunView {
  id: string;
  status: 'running' | 'success' | 'fail' | 'timeout';
  started_at: number;
  finished_at: number | null;
  duration_ms: number | null;
  output: string;
}

export interface TaskInput {
  name: string;
  cron: string;
  timezone: string;
  enabled: boolean;
  missed: 'skip' | 'runOnce';
  timeout_ms: number;
  action: TaskAction;
  config: TaskConfig;
}

export interface TaskView extends TaskInput {
  id: string;
  next: number[];
  last_run: RunView | null;
}

/** A refused call: the server's message, in the user's language. */
export class TasksError extends Error {}

async function data<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!isSuccess(result.code)) throw new TasksError(result.message);
  return result.data;
}

export const tasksApi = (request: RequestFn) => ({
  list: (current: number, pageSize: number) =>
    data(
      request<{ list: TaskView[]; total: number }>({
        method: 'GET',
        url: `tasks?current=${current}&pageSize=${pageSize}`,
      }),
    ),
  create: (body: TaskInput) => data(request<TaskView>({ method: 'POST', url: 'tasks', body })),
  update: (id: string, body: TaskInput) => data(request<TaskView>({ method: 'PUT', url: `tasks/${id}`, body })),
  remove: (id: string) => data(request<null>({ method: 'DELETE', url: `tasks/${id}` })),
  explain: (cron: string, timezone: string) =>
    data(request<{ next: string[] }>({ method: 'POST', url: 'tasks/explain', body: { cron, timezone } })),
  run: (id: string) => data(request<RunView>({ method: 'POST', url: `tasks/${id}/run`, body: {} })),
  runs: (id: string) =>
    data(request<{ list: RunView[] }>({ method: 'GET', url: `tasks/${id}/runs` })).then((d) => d.list),
  sources: () =>
    data(
      request<{ list: { name: string; title: string }[] }>({
        method: 'GET',
        url: 'apiSources?current=1&pageSize=1000',
      }),
    ).then((d) => d.list),
  recipients: () =>
    data(
      request<{ users: { id: string; name: string; account: string }[]; roles: { id: string; name: string }[] }>({
        method: 'GET',
        url: 'messages/recipients',
      }),
    ),
});
