import { defineUploadWidget } from '../file/define-upload';

/** Videos: default accept mp4, avi; a small player thumbnail, preview in the file preview modal. Stored value: README-uploads.md. */
export const videoWidget = defineUploadWidget('video', {
  title: { zh: '视频', en: 'Video' },
  icon: 'VideoCameraOutlined',
  group: 'upload',
  defaults: { type: 'video', title: { zh: '视频', en: 'Video' } },
});
