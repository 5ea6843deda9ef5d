/** Headers of a workbook download (export and template): xlsx content, RFC 5987 file name. */
import type { FastifyReply } from 'fastify';
import { attachmentDisposition } from '../../files/names';

export const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

// eslint-disable-next-line no-control-regex -- control characters are not allowed in file names
const UNSAFE_NAME = /[\u0000-\u001F\\/:*?"<>|]/g;

/** `{title}{suffix}.xlsx`, with characters a file system refuses replaced. */
export function workbookFileName(title: string, suffix: string): string {
  const clean = title.replace(UNSAFE_NAME, '_').trim().slice(0, 100);
  return `${clean || 'data'}${suffix}.xlsx`;
}

export function workbookHeaders(reply: FastifyReply, fileName: string): FastifyReply {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', attachmentDisposition(fileName))
    .header('x-content-type-options', 'nosniff')
    .header('cache-control', 'private, no-store');
}
