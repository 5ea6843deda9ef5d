/** Business constants from the spec (platform-shell §9, building-blocks §9). */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Token and cached data lifetime: 7 days. */
export const SESSION_TTL_MS = 604_800_000;
export const TODO_POLL_MS = 600_000;
export const DEFAULT_PAGE_SIZE = 10;
export const DEFAULT_PAGE = 1;
export const MAX_PAGE_SIZE = 1000;
export const IMPORT_MAX_ROWS = 200;
export const CHUNK_TIMEOUT_MS = 120_000;
export const TEXT_MAX_LENGTH = 120;
export const TEXTAREA_MAX_LENGTH = 1000;
export const PASSWORD_MAX_LENGTH = 120;
export const MENU_WIDTH = 200;
export const MENU_COLLAPSED_WIDTH = 60;
export const SEARCH_COLUMNS = 3;
export const CARD_GUTTER = 16;
export const TOKEN_COOKIE = 'Access-Token';
/** Product prefix for browser storage keys and, by default, system tables. */
export const STORAGE_PREFIX = 'tessera_';
export const DEFAULT_TABLE_PREFIX = 'tessera_sys_';
export const DEFAULT_LANG = 'zh';
export type Lang = 'zh' | 'en';
export const LANGS: readonly Lang[] = ['zh', 'en'];
