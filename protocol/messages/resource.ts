import type { Catalog } from './index';

/** Messages of the file library (server/resources, runtime/nodes/file-library, docs/resource.md). */
export const resource: Catalog = {
  'resource.nameInvalid': {
    zh: '名称不能为空、不能是 . 或 ..，不能包含 / \\ 或控制字符，最多 200 个字符',
    en: 'A name may not be empty, . or .., nor hold / \\ or control characters; at most 200 characters',
  },
  'resource.folderNotFound': { zh: '目标文件夹不存在或已删除', en: 'The folder does not exist or was deleted' },
  'resource.folderExists': { zh: '此位置已有名为“{{name}}”的文件夹', en: 'A folder named “{{name}}” is already here' },
  'resource.notFound': { zh: '文件或文件夹不存在或已删除', en: 'The file or folder does not exist or was deleted' },
  'resource.moveIntoItself': {
    zh: '不能把文件夹移动到它自己或它的子文件夹中',
    en: 'A folder cannot be moved into itself or one of its subfolders',
  },
  'resource.extensionKept': {
    zh: '重命名时请保留扩展名 .{{ext}}',
    en: 'Keep the extension .{{ext}} when renaming',
  },
  'resource.quotaExceeded': {
    zh: '超出本应用的文件空间配额 {{quota}}（已用 {{used}}），请先删除不需要的文件',
    en: 'This app’s file quota of {{quota}} would be exceeded ({{used}} used): delete files you no longer need first',
  },
  // The page (runtime/nodes/file-library)
  'resource.allFiles': { zh: '全部文件', en: 'All files' },
  'resource.recycleBin': { zh: '回收站', en: 'Recycle bin' },
  'resource.newFolder': { zh: '新建文件夹', en: 'New folder' },
  'resource.upload': { zh: '上传文件', en: 'Upload files' },
  'resource.dropHint': {
    zh: '将文件拖到此处，或点击选择文件（可多选）',
    en: 'Drop files here, or click to choose (several at once)',
  },
  'resource.search': { zh: '搜索', en: 'Search' },
  'resource.searchPlaceholder': { zh: '按名称搜索全部文件', en: 'Search every file by name' },
  'resource.name': { zh: '名称', en: 'Name' },
  'resource.size': { zh: '大小', en: 'Size' },
  'resource.updatedAt': { zh: '修改时间', en: 'Modified' },
  'resource.deletedAt': { zh: '删除时间', en: 'Deleted' },
  'resource.actions': { zh: '操作', en: 'Actions' },
  'resource.preview': { zh: '预览', en: 'Preview' },
  'resource.download': { zh: '下载', en: 'Download' },
  'resource.rename': { zh: '重命名', en: 'Rename' },
  'resource.move': { zh: '移动', en: 'Move' },
  'resource.moveTo': { zh: '移动到', en: 'Move to' },
  'resource.delete': { zh: '删除', en: 'Delete' },
  'resource.restore': { zh: '恢复', en: 'Restore' },
  'resource.open': { zh: '打开', en: 'Open' },
  'resource.folder': { zh: '文件夹', en: 'Folder' },
  'resource.root': { zh: '根目录', en: 'Root' },
  'resource.empty': { zh: '此文件夹为空', en: 'This folder is empty' },
  'resource.emptyBin': { zh: '回收站为空', en: 'The recycle bin is empty' },
  'resource.noMatch': { zh: '没有名称匹配的文件', en: 'No file name matches' },
  'resource.quota': { zh: '已用 {{used}} / {{quota}}', en: '{{used}} of {{quota}} used' },
  'resource.deleteConfirm': {
    zh: '删除“{{name}}”？可在回收站中恢复',
    en: 'Delete “{{name}}”? It can be restored from the recycle bin',
  },
  'resource.deleteManyConfirm': {
    zh: '删除所选的 {{count}} 项？可在回收站中恢复',
    en: 'Delete the {{count}} selected items? They can be restored from the recycle bin',
  },
  'resource.selected': { zh: '已选择 {{count}} 项', en: '{{count}} selected' },
  'resource.clearQueue': { zh: '清除上传列表', en: 'Clear the upload list' },
  'resource.uploaded': { zh: '已上传 {{count}} 个文件', en: '{{count}} files uploaded' },
  'resource.uploadFailed': { zh: '{{name}} 上传失败：{{reason}}', en: '{{name}} was not uploaded: {{reason}}' },
  'resource.folderName': { zh: '文件夹名称', en: 'Folder name' },
  'resource.newName': { zh: '新名称', en: 'New name' },
};
