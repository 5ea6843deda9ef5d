/**
 * A server-run report's cells as a file (server/common/system-report.ts): an xlsx written by
 * exceljs as the export writes it, or an RFC 4180 csv. Cells come formatted and made safe by the
 * export's cellFormatter; column titles are made safe here (no cell starts a formula).
 */
import ExcelJS from 'exceljs';
import { translate } from '../../../protocol/messages/index';
import { safeText, type CellValue } from './format';
import { workbookFileName } from './respond';

export const REPORT_FILE_FORMATS = ['xlsx', 'csv'] as const;
export type ReportFileFormat = (typeof REPORT_FILE_FORMATS)[number];

export interface ReportCells {
  title: string;
  columns: string[];
  rows: CellValue[][];
}

function csvCell(value: CellValue): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** RFC 4180 text with a BOM, so a spreadsheet opens the Chinese titles as UTF-8. */
export function reportCsv(table: ReportCells): Buffer {
  const lines = [table.columns.map((c) => csvCell(safeText(c))), ...table.rows.map((row) => row.map(csvCell))];
  return Buffer.from(`\uFEFF${lines.map((line) => line.join(',')).join('\r\n')}\r\n`, 'utf8');
}

export async function reportWorkbook(table: ReportCells): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Sheet1');
  sheet.addRow(table.columns.map(safeText));
  for (const row of table.rows) sheet.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** `{title}_导出.xlsx` (or .csv), named as an export of the same table would be. */
export function reportFileName(title: string, format: ReportFileFormat): string {
  const name = workbookFileName(title, translate('zh', 'data.export.suffix'));
  return format === 'xlsx' ? name : `${name.slice(0, -'.xlsx'.length)}.csv`;
}
