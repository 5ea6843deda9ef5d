import { isSuccess } from '../../protocol/codes';
import { defineScreenAction, need } from './define';
import { failureMessage, thrownMessage } from './result-message';
import { rowFileName, rowPath } from './row-template';

/** Saves a Blob under a file name through a temporary object URL (the browser's download). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * 下载: fetches an API path as a file through the app's client (envelope, session) and saves it
 * under params.fileName (default: the path's last part). A JSON answer is the server's failure.
 * On a row, `{id}` / `{key}` in the url and file name take the row's values (./row-template.ts).
 */
export const downloadAction = defineScreenAction({
  type: 'download',
  title: { zh: '下载', en: 'Download' },
  params: {
    type: 'object',
    required: ['url'],
    properties: {
      url: { type: 'string', pattern: '^[A-Za-z0-9][A-Za-z0-9/_.{}-]*$', maxLength: 200 },
      fileName: { type: 'string', pattern: '^[^/\\\\]{1,120}$' },
    },
    additionalProperties: false,
  },
  async run(ctx) {
    const request = need(ctx, 'request');
    if (!request) return false;
    const params = ctx.params as { url: string; fileName?: string };
    const url = rowPath(params.url, ctx);
    const fileName = params.fileName === undefined ? undefined : rowFileName(params.fileName, ctx);
    if (url === undefined || (params.fileName !== undefined && !fileName)) {
      ctx.ui.warning(ctx.ui.t('runtime.action.unavailable'));
      return false;
    }
    ctx.ui.success(ctx.ui.t('list.export.downloading'));
    try {
      const result = await request<Blob>({ method: 'GET', url, responseType: 'blob' });
      if (!(result.data instanceof Blob) || !isSuccess(result.code)) {
        ctx.ui.warning(failureMessage(result, [], ctx.ui.lang));
        return false;
      }
      (ctx.host.save ?? saveBlob)(result.data, fileName ?? url.split('/').pop()!);
      return true;
    } catch (error) {
      ctx.ui.warning(thrownMessage(error, ctx.ui.lang));
      return false;
    }
  },
});
