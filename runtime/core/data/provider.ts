/**
 * DataProvider: the only way the UI reaches data (DESIGN §2.2). One implementation per data-source
 * kind (REST, COMMON, SQL, STATIC, DICT, USER, DEPT, ROLE) plus a memory provider over fixtures that
 * passes the same contract suite. Results keep the server's code and message so the UI can map
 * errors (P5003 duplicates, ...) to the spec's messages; transport failures reject.
 */
import type { ApiResult } from '../../../protocol/http';
import type { ListQuery, ListResult } from '../../../protocol/list-query';
import type { DataSourceKind, DictApi } from '../../../protocol/page-schema';

export type Row = Record<string, unknown>;

export interface DataSourceConfig {
  kind: DataSourceKind;
  /** COMMON: `common/{table}`; REST: the resource URL; SQL: unused (common/executeSql). */
  api?: string;
  /** REST list paging keys (building-blocks §7). */
  currentKey?: string;
  sizeKey?: string;
  /** STATIC rows. */
  data?: Row[];
  /** SQL mode statement. */
  sql?: string;
  idKey?: string;
  deleteUrl?: string;
  batchDeleteUrl?: string;
  extraParams?: Record<string, unknown>;
  /** REST: a data source configured on the api page, read through the server (api/apiData/<name>). */
  source?: string;
}

export interface DictOption {
  value: string | number | boolean;
  label: string;
  children?: DictOption[];
  [extra: string]: unknown;
}

export interface DataProvider {
  list(query: ListQuery & { extraParams?: Record<string, unknown> }): Promise<ApiResult<ListResult>>;
  /**
   * The same answer as list(), given at once by a source that needs no round trip (rows held in
   * memory): a list's first render can then carry its rows instead of mounting empty first.
   */
  listNow?(query: ListQuery & { extraParams?: Record<string, unknown> }): ApiResult<ListResult>;
  get(id: string): Promise<ApiResult<Row>>;
  create(values: Row): Promise<ApiResult<Row>>;
  update(id: string, values: Row): Promise<ApiResult<Row>>;
  remove(id: string): Promise<ApiResult<unknown>>;
  removeMany(ids: string[]): Promise<ApiResult<unknown>>;
  /** The workbook of every row matching the query (no paging), columns in exportFields order. */
  export?(args: ExportArgs): Promise<Blob>;
  /** Uploads a workbook; the answer's message is the server's msg (or message). */
  import?(file: Blob, options: TransferOptions): Promise<ApiResult<ImportResult>>;
  /** The empty workbook to fill in. */
  template?(options: TransferOptions): Promise<Blob>;
}

/** An export or template column (building-blocks §3 "Export field"). */
export interface ExportField {
  key: string;
  title: string;
}

export type ExportArgs = ListQuery & { exportFields: ExportField[]; extraData?: unknown };

/** Import field descriptor (building-blocks §3): what the template and the import need to know. */
export interface ImportField {
  key: string;
  title: string;
  required?: boolean;
  selectItems?: { value: unknown; label: string }[];
}

export interface TransferOptions {
  importTemplateId?: string;
  fields?: ImportField[];
  /** Shown in the file name; not sent. */
  title?: string;
}

/** One bad row of an import: its workbook row number, the column and what is wrong. */
export interface ImportRowError {
  row: number;
  key?: string;
  title?: string;
  message: string;
}

export interface ImportResult {
  imported: number;
  errors: ImportRowError[];
}

/** Options for a field: from dictApi (cached and de-duplicated across fields) or a keyword search. */
export type DictLoader = (dictApi: DictApi, keyword?: string) => Promise<DictOption[]>;
