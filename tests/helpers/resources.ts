/** Requests of the file library's suites (tests/contract/resource*.test.ts). */
import { multipartBody } from '../../fixtures/files/multipart';
import type { TestApp } from './app';

export interface UploadReply {
  status: number;
  headers: Record<string, unknown>;
  body: { code: string; message: string; data: any };
}

export async function uploadResource(
  t: TestApp,
  token: string,
  name: string,
  data: Buffer,
  options: { parentId?: string; lang?: 'zh' | 'en' } = {},
): Promise<UploadReply> {
  const body = multipartBody([{ name, data }]);
  const query = options.parentId ? `?parentId=${encodeURIComponent(options.parentId)}` : '';
  const response = await t.app.inject({
    method: 'POST',
    url: `/api/resources/upload${query}`,
    headers: { ...body.headers, authorization: token, ...(options.lang ? { 'x-lang': options.lang } : {}) },
    payload: body.payload,
  });
  return { status: response.statusCode, headers: response.headers, body: response.json() };
}

export function listResources(t: TestApp, token: string, query: Record<string, string | number> = {}) {
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString();
  return t.request({ url: `/api/resources${search ? `?${search}` : ''}`, token });
}

export const namesOf = (reply: { body: { data: { list: { name: string }[] } } }) =>
  reply.body.data.list.map((row) => row.name);
