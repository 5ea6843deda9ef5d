import { defineUploadWidget } from '../file/define-upload';

/** Audio: default accept mp3, wav; an audio player per file. Stored value: README-uploads.md. */
export const audioWidget = defineUploadWidget('audio', {
  title: { zh: '音频', en: 'Audio' },
  icon: 'AudioOutlined',
  group: 'upload',
  defaults: { type: 'audio', title: { zh: '音频', en: 'Audio' } },
});
