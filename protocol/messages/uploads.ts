import type { Catalog } from './index';

/** Uploads, downloads and previews (platform-shell §5, §7, §8; ai-and-widgets §2). */
export const uploads: Catalog = {
  'upload.typeInvalid': { zh: '文件类型不正确', en: 'Incorrect file type' },
  'upload.configInvalid': { zh: '配置参数有误', en: 'Incorrect configuration' },
  'upload.downloading': { zh: '正在下载中', en: 'Downloading' },
  'upload.button': { zh: '上传', en: 'Upload' },
  'upload.failed': { zh: '上传失败', en: 'Upload failed' },
  'upload.tooMany': { zh: '最多上传 {{max}} 个文件', en: 'At most {{max}} files' },
  'upload.tooLarge': { zh: '文件大小不能超过 {{max}}', en: 'The file may not be larger than {{max}}' },
  'upload.noFile': { zh: '请选择要上传的文件', en: 'Choose a file to upload' },
  'upload.contentMismatch': {
    zh: '文件内容与文件类型不符',
    en: 'The file content does not match its type',
  },
  'upload.cloudNotConfigured': { zh: '云存储未配置', en: 'Cloud storage is not configured' },
  'upload.cloudRegionInvalid': { zh: '云存储区域不正确', en: 'Unknown cloud storage region' },
  'upload.preview': { zh: '预览', en: 'Preview' },
  'upload.download': { zh: '下载', en: 'Download' },
  'upload.remove': { zh: '删除', en: 'Remove' },
  'upload.previous': { zh: '上一个', en: 'Previous' },
  'upload.next': { zh: '下一个', en: 'Next' },
  'upload.storageFull': {
    zh: '服务器存储空间已满，文件未保存，请联系管理员',
    en: 'The server’s storage is full; the file was not saved. Contact your administrator',
  },
  'upload.storageUnavailable': {
    zh: '文件存储暂时不可用，请稍后重试',
    en: 'File storage is temporarily unavailable, please try again shortly',
  },
  'upload.noPreview': { zh: '该文件不支持预览，请下载后查看', en: 'This file cannot be previewed; download it' },
};
