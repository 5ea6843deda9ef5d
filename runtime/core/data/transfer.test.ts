import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestFn, RequestOptions } from '../../../protocol/http';
import { ServerAnswerError } from './errors';
import { createCommonProvider } from './http';

function recorder(answer: (call: RequestOptions) => ApiResult) {
  const calls: RequestOptions[] = [];
  const request = (async (options: RequestOptions) => {
    calls.push(options);
    return answer(options);
  }) as RequestFn;
  return { calls, request };
}

const xls = new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0])], { type: 'application/vnd.ms-excel' });
const ok = (data: unknown): ApiResult => ({ code: '200', message: '', data });
const fields = [
  { key: 'name', title: '客户名称' },
  { key: 'mobile', title: '手机号' },
];

describe('COMMON export / import / template', () => {
  it('exports: POST {api}/export with the list body minus paging and showFields, plus fixed filters', async () => {
    const { calls, request } = recorder(() => ok(xls));
    const p = createCommonProvider(request, { kind: 'COMMON', api: 'common/customer', extraParams: { app_kind: 'x' } });
    const file = await p.export!({
      showFields: ['id', 'name'],
      querys: [{ key: 'id', value: ['c1', 'c2'], rule: 'IN' }],
      sorts: [{ key: 'create_at', order: 'desc' }],
      relate: 'AND',
      isPage: true,
      current: 2,
      pageSize: 10,
      exportFields: [fields[1], fields[0]],
    });
    expect(file).toBe(xls);
    expect(calls).toEqual([
      {
        method: 'POST',
        url: 'common/customer/export',
        responseType: 'blob',
        body: {
          querys: [
            { key: 'id', value: ['c1', 'c2'], rule: 'IN' },
            { key: 'app_kind', value: 'x', rule: 'EQUAL' },
          ],
          sorts: [{ key: 'create_at', order: 'desc' }],
          relate: 'AND',
          exportFields: [fields[1], fields[0]],
        },
      },
    ]);
  });

  it('turns a JSON answer to a download into an error with the server code and message', async () => {
    const json = new Blob([JSON.stringify({ code: 'P4000', message: '不存在的字段：x' })], { type: 'application/json' });
    const { request } = recorder(() => ok(json));
    const p = createCommonProvider(request, { kind: 'COMMON', api: 'common/customer' });
    const failure = await p.export!({ exportFields: fields }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ServerAnswerError);
    expect(failure).toMatchObject({ code: 'P4000', message: '不存在的字段：x' });
    await expect(p.template!({ fields })).rejects.toMatchObject({ code: 'P4000' });
  });

  it('downloads the template by field descriptors or by importTemplateId', async () => {
    const { calls, request } = recorder(() => ok(xls));
    const p = createCommonProvider(request, { kind: 'COMMON', api: 'common/customer' });
    expect(await p.template!({ fields, title: '客户' })).toBe(xls);
    await p.template!({ importTemplateId: 't1' });
    expect(calls).toEqual([
      { method: 'POST', url: 'common/customer/downloadTemplate', body: { fields }, responseType: 'blob' },
      { method: 'POST', url: 'common/customer/downloadTemplate', query: { importTemplateId: 't1' }, responseType: 'blob' },
    ]);
  });

  it('imports: uploads the file and the field descriptors as form data and reads msg and row errors', async () => {
    const answer = {
      code: 'P4000',
      message: 'invalid',
      msg: '导入数据有误',
      data: { imported: 0, errors: [{ row: 3, key: 'mobile', title: '手机号', message: '请输入11位手机号' }] },
    };
    const { calls, request } = recorder(() => answer as ApiResult);
    const p = createCommonProvider(request, { kind: 'COMMON', api: 'common/customer' });
    const file = new File(['x'], 'customers.xlsx');
    const result = await p.import!(file, { fields });
    expect(result).toEqual({ code: 'P4000', message: '导入数据有误', data: answer.data });
    expect(calls[0]).toMatchObject({ method: 'POST', url: 'common/customer/import' });
    const form = calls[0].body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect((form.get('file') as File).name).toBe('customers.xlsx');
    expect(JSON.parse(form.get('fields') as string)).toEqual(fields);
    expect(form.get('importTemplateId')).toBeNull();

    await p.import!(file, { importTemplateId: 't9', fields });
    const second = calls[1].body as FormData;
    expect(second.get('importTemplateId')).toBe('t9');
    expect(second.get('fields')).toBeNull();
  });

  it('reads a successful import without msg, and tolerates a missing data part', async () => {
    const { request } = recorder(() => ({ code: '200', message: '操作成功', data: { imported: 5, errors: [] } }));
    const p = createCommonProvider(request, { kind: 'COMMON', api: 'common/customer' });
    expect(await p.import!(new Blob(['x']), { fields })).toEqual({
      code: '200',
      message: '操作成功',
      data: { imported: 5, errors: [] },
    });
    const bare = createCommonProvider((async () => ({ code: 'P5000', message: 'boom', data: null })) as RequestFn, {
      kind: 'COMMON',
      api: 'common/customer',
    });
    expect((await bare.import!(new Blob(['x']), {})).data).toEqual({ imported: 0, errors: [] });
  });
});
