import { createUploadWidget } from './upload-widget';

export const FileWidget = createUploadWidget('file');
