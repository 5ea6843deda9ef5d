import { createUploadWidget } from '../file/upload-widget';

export const VideoWidget = createUploadWidget('video');
