/**
 * The file API's seam for features that keep files of their own (the file library,
 * server/resources): the same storage provider choice, upload checks, file table and download
 * URL as the file API (and its multipart reading, readUpload), so a file stored by them is served (attachment, nosniff) by
 * GET api/files/download/<key> and a new storage provider slots in through storageFor alone.
 */
export { loadFilesConfig, type FilesConfig } from './config';
export { storageFor } from './index';
export { cleanFileName, formatBytes, MAX_NAME_LENGTH } from './names';
export { DOWNLOAD_PREFIX, readUpload } from './routes';
export type { StorageProvider } from './storage';
export { FileStore } from './store';
export { checkFile, kindOf, safeContentType } from './types';
