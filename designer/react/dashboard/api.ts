/**
 * The dashboard designer's calls (server/schema-store/dashboard-routes.ts and dashboard-sources.ts)
 * over the host's request function: the dashboard and its head version, the readable sources, the
 * save with the version it was based on (P4009 when someone saved in between), versions, diff,
 * rollback, and a widget's data for the live preview.
 */
import { isSuccess, ResultCode } from '../../../protocol/codes';
import type { AggregateResult } from '../../../protocol/aggregate-query';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import type { RequestFn } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import type { DataBinding } from '../../../runtime/core/dashboard/types';
import type { VersionInfo } from '../api';

export interface LoadedDashboard {
  id: string;
  title: string;
  schema: PageSchema;
  version?: number;
  canSave: boolean;
}

export type DashSaveAnswer = { ok: true; version: number } | { ok: false; conflict: boolean; message: string };

const url = (id: string, rest = '') => `dashboard/${encodeURIComponent(id)}${rest}`;

export async function loadDashboard(request: RequestFn, id: string): Promise<LoadedDashboard> {
  const [record, versions] = await Promise.all([
    request<{ id: string; title: string; schema: PageSchema; version: number }>({ method: 'GET', url: url(id) }),
    request<VersionInfo[]>({ method: 'GET', url: url(id, '/versions') }),
  ]);
  if (!isSuccess(record.code)) throw new Error(record.message);
  const canSave = isSuccess(versions.code);
  return {
    id: String(record.data.id),
    title: record.data.title,
    schema: record.data.schema,
    version: canSave ? (versions.data[0]?.version ?? record.data.version) : undefined,
    canSave,
  };
}

export async function loadSources(request: RequestFn): Promise<SourceTable[]> {
  const result = await request<SourceTable[]>({ method: 'GET', url: 'dashboards/sources' });
  return isSuccess(result.code) ? result.data : [];
}

export async function saveDashboard(
  request: RequestFn,
  id: string,
  schema: PageSchema,
  baseVersion?: number,
): Promise<DashSaveAnswer> {
  const result = await request<{ version: number }>({
    method: 'PUT',
    url: url(id),
    body: { schema, ...(baseVersion !== undefined ? { base_version: baseVersion } : {}) },
  });
  if (isSuccess(result.code)) return { ok: true, version: Number(result.data.version) };
  return { ok: false, conflict: String(result.code) === ResultCode.CONFLICT, message: result.message };
}

export async function dashboardVersions(request: RequestFn, id: string): Promise<VersionInfo[]> {
  const result = await request<VersionInfo[]>({ method: 'GET', url: url(id, '/versions') });
  if (!isSuccess(result.code)) throw new Error(result.message);
  return result.data;
}

export async function dashboardDiff(
  request: RequestFn,
  id: string,
  from: number,
  to: number,
): Promise<{ pointer: string; message: { zh: string; en: string } }[]> {
  const result = await request<{ changes: { pointer: string; message: { zh: string; en: string } }[] }>({
    method: 'GET',
    url: url(id, '/diff'),
    query: { from, to },
  });
  if (!isSuccess(result.code)) throw new Error(result.message);
  return result.data.changes;
}

export async function rollbackDashboard(
  request: RequestFn,
  id: string,
  version: number,
  base?: number,
): Promise<DashSaveAnswer> {
  const result = await request<{ version: number }>({
    method: 'POST',
    url: url(id, `/rollback/${version}`),
    body: base === undefined ? {} : { base_version: base },
  });
  if (isSuccess(result.code)) return { ok: true, version: Number(result.data.version) };
  return { ok: false, conflict: String(result.code) === ResultCode.CONFLICT, message: result.message };
}

/** A binding's answer, as a widget would get it (without the dashboard's filters). */
export async function previewData(
  request: RequestFn,
  binding: DataBinding,
): Promise<{ ok: true; data: AggregateResult } | { ok: false; message: string }> {
  const { table, ...body } = binding;
  const result = await request<AggregateResult>({
    method: 'POST',
    url: `common/${encodeURIComponent(table)}/aggregate`,
    body,
  });
  return isSuccess(result.code) ? { ok: true, data: result.data } : { ok: false, message: result.message };
}
