/** The approval flows' calls (server/flows/routes.ts), through the runtime's RequestFn. */
import { isSuccess } from '../../../protocol/codes';
import type { ApiResult, RequestFn } from '../../../protocol/http';

export type ApproverKind = 'user' | 'role' | 'dept' | 'starterLeader';
export interface Approver {
  kind: ApproverKind;
  id?: string;
}
export interface FlowStep {
  name: string;
  approvers: Approver[];
  mode: 'any' | 'all';
  condition?: string;
  fields?: string[];
}
export interface FlowDef {
  id: string;
  name: string;
  module: string;
  enabled: boolean;
  version: number;
  steps: FlowStep[];
  update_at: number;
}
export type FlowInput = Pick<FlowDef, 'name' | 'module' | 'enabled' | 'steps'>;

export interface TodoItem {
  id: string;
  title: string;
  status: number;
  result: string | null;
  module: string;
  record_id: string;
  instance_id: string;
  step: number;
  create_at: number;
  done_at: number | null;
  instance_status: string;
  starter_name: string | null;
}

export interface TimelineEvent {
  id: string;
  seq: number;
  step: number | null;
  action: string;
  actor_name: string | null;
  target: string | null;
  target_name: string | null;
  comment: string | null;
  create_at: number;
}

export interface Timeline {
  flow: { id: string; name: string; enabled: boolean } | null;
  instance: { id: string; status: string; step: number; starter_id: string } | null;
  steps: { name: string; mode: string; fields: string[] }[];
  pending: { id: string; assignee_id: string; assignee_name: string | null }[];
  myTodoId: string | null;
  canWithdraw: boolean;
  events: TimelineEvent[];
  record?: Record<string, unknown>;
  fields?: { key: string; title: string }[];
}

export interface Option {
  value: string;
  label: string;
}

/** A refused call: the server's message, in the user's language. */
export class FlowsError extends Error {}

async function data<T>(answer: Promise<ApiResult<T>>): Promise<T> {
  const result = await answer;
  if (!isSuccess(result.code)) throw new FlowsError(result.message);
  return result.data;
}

export const flowsApi = (request: RequestFn, prefix = 'tessera_sys_') => {
  const options = (table: string, label: string) =>
    data(
      request<{ list: Record<string, unknown>[] }>({
        method: 'POST',
        url: `common/${prefix}${table}/list`,
        body: { isPage: true, current: 1, pageSize: 1000 },
      }),
    ).then((d) => (d?.list ?? []).map((r) => ({ value: String(r.id), label: String(r[label] ?? r.id) })));
  return {
    list: () => data(request<{ list: FlowDef[] }>({ method: 'GET', url: 'flows/defs' })).then((d) => d?.list ?? []),
    create: (body: FlowInput) => data(request<FlowDef>({ method: 'POST', url: 'flows/defs', body })),
    update: (id: string, body: FlowInput) => data(request<FlowDef>({ method: 'PUT', url: `flows/defs/${id}`, body })),
    remove: (id: string) => data(request<null>({ method: 'DELETE', url: `flows/defs/${id}` })),
    todos: (status: 'pending' | 'done', keyword: string, page: number) =>
      data(
        request<{ list: TodoItem[]; total: number }>({
          method: 'GET',
          url: `flows/todos?status=${status}&page=${page}&size=10${keyword ? `&keyword=${encodeURIComponent(keyword)}` : ''}`,
        }),
      ),
    timeline: (module: string, recordId: string) =>
      data(
        request<Timeline>({
          method: 'GET',
          url: `flows/timeline?module=${encodeURIComponent(module)}&recordId=${encodeURIComponent(recordId)}`,
        }),
      ),
    act: (action: 'approve' | 'reject' | 'withdraw' | 'comment', body: Record<string, unknown>) =>
      data(request<unknown>({ method: 'POST', url: `flows/${action}`, body })),
    users: () => options('user', 'name'),
    roles: () => options('role', 'name'),
    depts: () => options('dept', 'name'),
  };
};
export type FlowsApi = ReturnType<typeof flowsApi>;
