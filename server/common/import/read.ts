/**
 * From uploaded bytes to the cells of the first worksheet. The kind is decided by magic bytes,
 * not the file name: a zip (PK\3\4) is .xlsx and is bounded by zip-guard before parsing; an OLE
 * compound file (D0 CF 11 E0) is .xls (BIFF) — or an Office-encrypted .xlsx, which is refused.
 * SheetJS (@e965/xlsx) parses both, reading at most the rows the import can take plus one.
 */
import * as XLSX from '@e965/xlsx';
import { ImportFileError } from './errors';
import { checkZip, type ZipLimits } from './zip-guard';

export type Cell = string | number | boolean | null;

export interface SheetRow {
  /** 1-based row number as the spreadsheet shows it. */
  row: number;
  cells: Cell[];
}

export interface ReadLimits extends ZipLimits {
  /** Data rows allowed; the reader stops one past it so that "too many" can be told. */
  maxRows: number;
}

const ZIP = Buffer.from([0x50, 0x4b, 0x03, 0x04]);
const OLE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

export function workbookKind(buf: Buffer): 'xlsx' | 'ole' | undefined {
  if (buf.subarray(0, 4).equals(ZIP)) return 'xlsx';
  if (buf.subarray(0, 8).equals(OLE)) return 'ole';
  return undefined;
}

function cellOf(value: unknown): Cell {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return String(value);
}

const blank = (cells: Cell[]) => cells.every((c) => c === null || (typeof c === 'string' && c.trim() === ''));

/** Header row (first non-blank row) and the data rows after it, blank rows left out. */
export function readSheet(buf: Buffer, limits: ReadLimits): { header: SheetRow; rows: SheetRow[] } {
  const kind = workbookKind(buf);
  if (!kind) throw new ImportFileError('data.import.badType');
  if (kind === 'xlsx') checkZip(buf, limits);
  else {
    // SheetJS types its bundled CFB library as any.
    let container: unknown;
    try {
      container = XLSX.CFB.read(buf, { type: 'buffer' });
    } catch {
      throw new ImportFileError('data.import.corrupt');
    }
    // Office encrypts an .xlsx into an OLE file holding these streams.
    if (XLSX.CFB.find(container, 'EncryptedPackage') || XLSX.CFB.find(container, 'EncryptionInfo')) {
      throw new ImportFileError('data.import.encrypted');
    }
  }
  let workbook: XLSX.WorkBook;
  try {
    workbook = XLSX.read(buf, {
      type: 'buffer',
      // Header, the allowed rows, one more to tell "too many", and some blank rows above the header.
      sheetRows: limits.maxRows + 12,
      cellFormula: false,
      cellHTML: false,
      cellText: false,
      cellDates: false,
      cellStyles: false,
      bookVBA: false,
      WTF: false,
    });
  } catch (error) {
    if (/password|encrypt/i.test(error instanceof Error ? error.message : '')) {
      throw new ImportFileError('data.import.encrypted');
    }
    throw new ImportFileError('data.import.corrupt');
  }
  const name = workbook.SheetNames[0];
  const sheet = name === undefined ? undefined : workbook.Sheets[name];
  if (!sheet || !sheet['!ref']) throw new ImportFileError('data.import.empty');
  const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const raw = XLSX.utils.sheet_to_json<unknown[]>(sheet, { header: 1, raw: true, defval: null, blankrows: true });
  const rows: SheetRow[] = [];
  raw.forEach((cells, index) => {
    const row = { row: first + index + 1, cells: (Array.isArray(cells) ? cells : []).map(cellOf) };
    if (!blank(row.cells)) rows.push(row);
  });
  const header = rows.shift();
  if (!header || rows.length === 0) throw new ImportFileError('data.import.empty');
  if (rows.length > limits.maxRows) throw new ImportFileError('data.import.tooManyRows', { max: limits.maxRows });
  return { header, rows };
}
