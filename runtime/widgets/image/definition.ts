import { defineUploadWidget } from '../file/define-upload';

/** Images: thumbnails (60 px), preview with thumbnails; default accept png, jpeg, jpg. Stored value: README-uploads.md. */
export const imageWidget = defineUploadWidget('image', {
  title: { zh: '图片', en: 'Image' },
  icon: 'PictureOutlined',
  group: 'upload',
  defaults: { type: 'image', title: { zh: '图片', en: 'Image' } },
});
