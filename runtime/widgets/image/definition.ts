import { defineUploadWidget } from '../file/define-upload';

/** Images: thumbnails (60 px), preview with thumbnails; default accept png, jpeg, jpg. Stored value: README-uploads.md. */
export const imageWidget = defineUploadWidget('image');
