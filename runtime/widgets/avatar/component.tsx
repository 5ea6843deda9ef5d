import { createUploadWidget } from '../file/upload-widget';

export const AvatarWidget = createUploadWidget('avatar');
