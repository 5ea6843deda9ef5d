/**
 * POST common/:table/downloadTemplate (building-blocks §8): the workbook an import expects — one
 * header row of the field titles (required ones marked with * and red, which the import ignores
 * when matching), and for fields with options a drop-down list over their labels, kept on a
 * hidden sheet (an inline list is limited to 255 characters); a template column's sample value is
 * a note on its header cell. Fields come from
 * ?importTemplateId= or the body ({ fields: [...] } or the bare list), checked as for an import.
 */
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { translate } from '../../protocol/messages/index';
import type { ServerContext } from '../context';
import { tableParams } from '../http/shapes';
import { langOf } from '../reply';
import { resolveTarget } from './access';
import { safeText } from './export/format';
import { workbookFileName, workbookHeaders } from './export/respond';
import { DEFAULT_IMPORT_MAX_ROWS } from './import/index';
import { importSpec } from './import/fields';
import { isPlainObject } from './values';

const columnName = (index: number): string => {
  let name = '';
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
};

export function registerTemplate(app: FastifyInstance, ctx: ServerContext): void {
  app.post('/api/common/:table/downloadTemplate', { schema: { params: tableParams } }, async (request, reply) => {
    const target = await resolveTarget(ctx, request, 'read');
    const lang = langOf(request);
    const query = (request.query ?? {}) as Record<string, unknown>;
    const body = request.body;
    const fields = Array.isArray(body) ? body : isPlainObject(body) ? body.fields : undefined;
    const spec = await importSpec(ctx, target, { templateId: query.importTemplateId, fields }, lang);

    const workbook = new ExcelJS.Workbook();
    const sheet = workbook.addWorksheet('Sheet1');
    const lists = workbook.addWorksheet('options', { state: 'veryHidden' });
    const header = sheet.addRow(spec.fields.map((f) => safeText(f.required ? `*${f.title}` : f.title)));
    const rows = ctx.config.importMaxRows ?? DEFAULT_IMPORT_MAX_ROWS;
    let listColumn = 0;
    spec.fields.forEach((field, index) => {
      sheet.getColumn(index + 1).width = Math.max(12, Math.min(40, [...field.title].length * 2 + 4));
      if (field.required) header.getCell(index + 1).font = { bold: true, color: { argb: 'FFFF0000' } };
      // A note, not a row: the import reads every row under the header as data.
      if (field.sample) header.getCell(index + 1).note = safeText(field.sample);
      if (!field.options?.length || field.multi) return;
      const letter = columnName(listColumn++);
      field.options.forEach((option, i) => {
        lists.getCell(`${letter}${i + 1}`).value = safeText(option.label);
      });
      const validation = {
        type: 'list' as const,
        allowBlank: !field.required,
        formulae: [`options!$${letter}$1:$${letter}$${field.options.length}`],
        showErrorMessage: true,
      };
      for (let row = 2; row <= rows + 1; row++) sheet.getCell(row, index + 1).dataValidation = validation;
    });
    const data = Buffer.from(await workbook.xlsx.writeBuffer());
    return workbookHeaders(reply, workbookFileName(spec.title, translate(lang, 'data.template.suffix'))).send(data);
  });
}
