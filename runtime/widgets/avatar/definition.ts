import { defineUploadWidget } from '../file/define-upload';

/** An avatar: one image (png, jpeg, jpg), shown round at 60 px. Stored value: README-uploads.md. */
export const avatarWidget = defineUploadWidget('avatar');
