/**
 * Builds the RuntimeContextValue a host gives <RuntimeProvider>: the shell passes its ky-based
 * request, a test passes createMemoryRequest(...).request. Providers are built per data source
 * from the kind table; one dictionary loader (and so one cache) is shared by the whole runtime.
 */
import { DEFAULT_LANG, type Lang } from '../../protocol/constants';
import type { RequestFn } from '../../protocol/http';
import { createDictLoader, type DictLoaderOptions } from '../core/data/dict';
import type { DataProvider, DataSourceConfig } from '../core/data/provider';
import { createProviderFactory } from '../core/data/providers';
import { createUploader, type UploadConfig, type UploadFn } from '../core/upload/uploader';
import type { RuntimeContextValue, RuntimeUser } from './context';

export interface CreateRuntimeOptions {
  request: RequestFn;
  lang?: Lang;
  user?: RuntimeUser;
  /** The server's system-table prefix (USER, DEPT, ROLE sources); default tessera_sys_. */
  tablePrefix?: string;
  dict?: DictLoaderOptions;
  /** Consulted first: answer a provider to replace the built-in one for a source (designer preview, tests). */
  overrideProvider?: (source: DataSourceConfig) => DataProvider | undefined;
  /** The app's upload_config (local file API or cloud); the default uploader follows it. */
  uploadConfig?: UploadConfig | string | null;
  /** Replaces the default uploader (tests, hosts with their own transport). */
  upload?: UploadFn;
}

export function createRuntimeValue(options: CreateRuntimeOptions): RuntimeContextValue {
  const lang = options.lang ?? (DEFAULT_LANG as Lang);
  // Per language: a runtime is made again when the language changes, and its dictionaries with it.
  const loadDict = createDictLoader(options.request, { lang, ...options.dict });
  const builtIn = createProviderFactory({ request: options.request, loadDict, tablePrefix: options.tablePrefix });
  return {
    request: options.request,
    lang,
    tablePrefix: options.tablePrefix,
    user: options.user,
    loadDict,
    providerFor: (source) => options.overrideProvider?.(source) ?? builtIn(source),
    upload: options.upload ?? createUploader({ request: options.request, lang, uploadConfig: options.uploadConfig }),
  };
}
