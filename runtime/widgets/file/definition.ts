import { defineUploadWidget } from './define-upload';

/** Any file the server accepts: names with download (正在下载中) and the full-screen preview. Stored value: README-uploads.md. */
export const fileWidget = defineUploadWidget('file', {
  title: { zh: '文件', en: 'File' },
  icon: 'PaperClipOutlined',
  group: 'upload',
  defaults: { type: 'file', title: { zh: '文件', en: 'File' } },
});
