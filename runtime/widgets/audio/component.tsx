import { createUploadWidget } from '../file/upload-widget';

export const AudioWidget = createUploadWidget('audio');
