export { TreeMenu } from './TreeMenu';
export type { TreeMenuMode, TreeMenuProps } from './TreeMenu';
export { buildMenuTree, collapsedLabel, COLLAPSED_LABEL_LENGTH } from './tree';
export type { MenuItemInput, MenuNode } from './tree';
