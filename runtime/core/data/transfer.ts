/**
 * Spreadsheet calls of the COMMON kind (building-blocks §7): export, import and the template.
 * Wire contract: export and template answer workbook bytes, or JSON { code, message } when they
 * fail (HTTP 200, so the body's type tells which); import answers JSON { code, message, msg,
 * data: { imported, errors: [{ row, key, title, message }] } } and the spec reads its msg.
 */
import type { ApiResult, RequestFn } from '../../../protocol/http';
import { ServerAnswerError } from './errors';
import type { DataProvider, ExportArgs, ImportResult, TransferOptions } from './provider';
import { joinUrl } from './wire';

/** Paging and projection mean nothing to an export: every matching row, the chosen columns. */
export function exportBody({ showFields: _s, isPage: _p, current: _c, pageSize: _z, skipCount: _k, ...rest }: ExportArgs) {
  return rest;
}

/** A download that came back as JSON is the server's error answer; anything else is the file. */
async function workbookOf(result: ApiResult<unknown>): Promise<Blob> {
  const data = result.data;
  if (!(data instanceof Blob)) throw new ServerAnswerError(result.code, result.message || 'No file in the answer');
  if (/json/i.test(data.type)) {
    let answer: { code?: string | number; message?: string; msg?: string } = {};
    try {
      answer = JSON.parse(await data.text()) as typeof answer;
    } catch {
      // Not JSON after all: report the type, never the body (it may hold data).
    }
    throw new ServerAnswerError(answer.code ?? 'P5000', answer.msg ?? answer.message ?? `Unexpected ${data.type} answer`);
  }
  return data;
}

export function createTransferCalls(request: RequestFn, api: string): Required<Pick<DataProvider, 'export' | 'import' | 'template'>> {
  return {
    async export(args) {
      return workbookOf(
        await request({ method: 'POST', url: joinUrl(api, 'export'), body: exportBody(args), responseType: 'blob' }),
      );
    },
    async import(file, options: TransferOptions) {
      const form = new FormData();
      form.append('file', file, (file as File).name ?? 'import.xlsx');
      if (options.importTemplateId) form.append('importTemplateId', options.importTemplateId);
      else if (options.fields) form.append('fields', JSON.stringify(options.fields));
      const answer = await request<ImportResult>({ method: 'POST', url: joinUrl(api, 'import'), body: form });
      const raw = answer as ApiResult<ImportResult> & { msg?: string };
      const data = raw.data && typeof raw.data === 'object' ? raw.data : { imported: 0, errors: [] };
      return {
        code: raw.code,
        message: raw.msg ?? raw.message ?? '',
        data: { imported: Number(data.imported) || 0, errors: Array.isArray(data.errors) ? data.errors : [] },
      };
    },
    async template(options: TransferOptions) {
      const byId = options.importTemplateId !== undefined;
      return workbookOf(
        await request({
          method: 'POST',
          url: joinUrl(api, 'downloadTemplate'),
          ...(byId ? { query: { importTemplateId: options.importTemplateId } } : { body: { fields: options.fields ?? [] } }),
          responseType: 'blob',
        }),
      );
    },
  };
}
