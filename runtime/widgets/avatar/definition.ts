import { defineUploadWidget } from '../file/define-upload';

/** An avatar: one image (png, jpeg, jpg), shown round at 60 px. Stored value: README-uploads.md. */
export const avatarWidget = defineUploadWidget('avatar', {
  title: { zh: '头像', en: 'Avatar' },
  icon: 'UserOutlined',
  group: 'upload',
  defaults: { type: 'avatar', title: { zh: '头像', en: 'Avatar' } },
});
