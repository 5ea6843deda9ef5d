/**
 * The definition every upload widget shares (README-uploads.md): stored in a text column (a URL,
 * or a JSON array of {url, name} when multiple), the file codec, the props schema and the
 * designer settings. Each folder calls it once with its own type.
 */
import { fileCodec } from '../../core/upload/value';
import { filesFormat } from '../../core/format';
import { defineWidget, type PaletteMeta, type WidgetDefinition } from '../../core/registry';

export const uploadPropsSchema = {
  type: 'object',
  properties: {
    action: { type: 'string', maxLength: 200, pattern: '^[A-Za-z0-9/_-]*$' },
    accept: {
      anyOf: [
        { type: 'string', maxLength: 300 },
        { type: 'array', items: { type: 'string', maxLength: 100 }, maxItems: 50 },
      ],
    },
    fileNum: { type: 'integer', minimum: 0, maximum: 1000 },
    multiple: { type: 'boolean' },
    display: { type: 'boolean' },
    size: { type: 'integer', minimum: 16, maximum: 600 },
  },
  additionalProperties: false,
} as const;

export function defineUploadWidget(type: string, palette: PaletteMeta): WidgetDefinition {
  return defineWidget({
    type,
    palette,
    // A JSON array of many {url, name} outgrows a varchar.
    columnType: 'text',
    codec: fileCodec as WidgetDefinition['codec'],
    format: filesFormat,
    propsSchema: uploadPropsSchema as unknown as Record<string, unknown>,
    settings: [
      {
        key: 'props.action',
        title: { zh: '上传地址', en: 'Upload address' },
        type: 'input',
        placeholder: 'files/upload',
      },
      { key: 'props.accept', title: { zh: '文件类型', en: 'Accepted types' }, type: 'input', placeholder: 'png,jpg' },
      {
        key: 'props.fileNum',
        title: { zh: '文件数量（0 不限）', en: 'Files (0 = unlimited)' },
        type: 'number',
        props: { min: 0 },
      },
      { key: 'props.multiple', title: { zh: '多文件', en: 'Multiple' }, type: 'switch' },
      { key: 'props.display', title: { zh: '仅展示', en: 'Display only' }, type: 'switch' },
      { key: 'props.size', title: { zh: '缩略图尺寸', en: 'Thumbnail size' }, type: 'number', props: { min: 16 } },
    ],
  });
}
