import { defineNode } from '../../core/registry';

/**
 * The file library (issue 16 item 5, docs/resource.md): a folder tree beside a list of the folder's
 * files, a drop zone taking many files at once with upload progress, preview through the runtime's
 * previews, rename, move, soft delete with a recycle bin, search by name and the app's quota. Its
 * data is the file-library API (`props.api`, default `resources`: GET/POST/PUT/DELETE
 * api/resources…, server/resources); a page places it like a list.
 */
export const fileLibraryNode = defineNode({
  type: 'fileLibrary',
  placement: 'page',
  palette: {
    title: { zh: '文件库', en: 'File library' },
    icon: 'FolderOpenOutlined',
    group: 'data',
    defaults: { type: 'fileLibrary' },
  },
  schema: {
    type: 'object',
    required: ['type'],
    properties: {
      type: { const: 'fileLibrary' },
      key: { $ref: 'tessera://meta/field.schema.json#/$defs/key' },
      title: { $ref: 'tessera://meta/text.schema.json' },
      props: {
        type: 'object',
        properties: {
          api: { type: 'string', pattern: '^[A-Za-z][A-Za-z0-9_/-]{0,63}$' },
          pageSize: { type: 'integer', minimum: 5, maximum: 200 },
        },
        additionalProperties: false,
      },
    },
    additionalProperties: false,
  },
  settings: [
    { key: 'title', title: { zh: '标题', en: 'Title' }, type: 'input' },
    {
      key: 'props.pageSize',
      title: { zh: '每页条数', en: 'Rows per page' },
      type: 'number',
      props: { min: 5, max: 200 },
    },
  ],
});
