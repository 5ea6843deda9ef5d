import { createUploadWidget } from '../file/upload-widget';

export const ImageWidget = createUploadWidget('image');
