export { confirmWith, useConfirm } from './confirm';
export type { ConfirmApi, ConfirmOptions } from './confirm';
export { useBlockLang, useBlockText } from './lang';
