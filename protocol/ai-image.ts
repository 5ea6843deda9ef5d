/**
 * The image studio's option lists and defaults (ai-and-widgets §3, §9; docs/ai.md "Image studio"),
 * shared by the server (which checks every value against them) and the ai/img page (which offers
 * them). Values are the spec's exactly; labels are message keys (protocol/messages/ai-image.ts).
 */

export const DRAW_TYPES = ['MJ', 'BAIDU_SD'] as const;
export type DrawType = (typeof DRAW_TYPES)[number];

/** The createTask keys (§7): which call a task is, and which draw type each belongs to. */
export const DRAW_API_KEYS = ['mj_txt2img', 'mj_img2img', 'baidu_sd_txt2img', 'mj_u', 'mj_v'] as const;
export type DrawApiKey = (typeof DRAW_API_KEYS)[number];
export const DRAW_TYPE_OF_KEY: Record<DrawApiKey, DrawType> = {
  mj_txt2img: 'MJ',
  mj_img2img: 'MJ',
  baidu_sd_txt2img: 'BAIDU_SD',
  mj_u: 'MJ',
  mj_v: 'MJ',
};
/** Upscale (U1–4) and variation (V1–4) of an MJ grid: they act on a task, not on a prompt. */
export const CHANGE_KEYS: readonly DrawApiKey[] = ['mj_u', 'mj_v'];

export const TASK_STATUSES = ['WAIT', 'RUNNING', 'SUCCESS', 'FAIL'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const RATES = ['1:1', '3:2', '2:3', '4:3', '3:4', '16:9', '9:16'] as const;
/** --q values and their names: general, clear, HD, ultra. */
export const QUALITIES = [
  { value: 1.875, key: 'aiImg.quality.general' },
  { value: 2.5, key: 'aiImg.quality.clear' },
  { value: 3.75, key: 'aiImg.quality.hd' },
  { value: 5, key: 'aiImg.quality.ultra' },
] as const;
export const COUNTS = [1, 4] as const;
export const SIZES = [
  '768x768',
  '1024x1024',
  '1536x1536',
  '2048x2048',
  '768x1024',
  '1536x2048',
  '576x1024',
  '1152x2048',
  '1024x768',
  '2048x1536',
  '1024x576',
  '2048x1152',
] as const;
/** MJ model versions appended to the prompt (the spec's values keep their spaces). */
export const MJ_STYLES = [
  { value: ' --v 5 ', key: 'aiImg.mjStyle.v5' },
  { value: ' --niji 5 ', key: 'aiImg.mjStyle.niji5' },
] as const;
/**
 * The 18 SD-XL style presets: exactly the `style` values Baidu's Stable-Diffusion-XL API accepts,
 * so a preset is passed through unchanged and never rewritten into the prompt.
 */
export const SD_STYLES = [
  'Base',
  '3D Model',
  'Analog Film',
  'Anime',
  'Cinematic',
  'Comic Book',
  'Craft Clay',
  'Digital Art',
  'Enhance',
  'Fantasy Art',
  'Isometric',
  'Line Art',
  'Lowpoly',
  'Neonpunk',
  'Origami',
  'Photographic',
  'Pixel Art',
  'Texture',
] as const;

export const DRAW_DEFAULTS = {
  drawType: 'MJ' as DrawType,
  rate: '1:1',
  quality: 2.5,
  n: 1,
  style: 'Base',
  mj_style: ' --v 5 ',
  size: '1024x1024',
} as const;

export const DRAW_LIMITS = {
  /** Prompt and negative prompt, characters. */
  promptMax: 2000,
  negativeMax: 1000,
  /** Unfinished (WAIT or RUNNING) tasks a user may have at once. */
  activePerUser: 3,
  /** Tasks a user may start per day (UTC). */
  dailyPerUser: 100,
  /** History and progress (§9). */
  pageSize: 10,
  pollMs: 2000,
  /** Thumbnails (§9): the result view's and the history's. */
  thumbLarge: 300,
  thumbSmall: 100,
} as const;

/** The form as sent to createTask for a new drawing (mj_txt2img, mj_img2img, baidu_sd_txt2img). */
export interface DrawForm {
  prompt?: string;
  baseImg?: string;
  drawType: DrawType;
  n?: number;
  size?: string;
  rate?: string;
  quality?: number;
  mj_style?: string;
  style?: string;
  negative_prompt?: string;
}

/** One image of a finished task: the stored original and its two thumbnails (file API URLs). */
export interface DrawImage {
  url: string;
  thumb300: string;
  thumb100: string;
}

export interface DrawProgress {
  schedule: string;
  imgUrl: string;
  sessionInfoDrawId: string;
  taskStatus: TaskStatus;
  failReason?: string;
}

/** A task as the browser sees it (§3 "Draw task"), plus the images and the built prompt. */
export interface DrawTaskView {
  id: string;
  taskStatus: TaskStatus;
  drawType: DrawType;
  drawApiKey: DrawApiKey;
  requestParam: string;
  showImg: string;
  progress: DrawProgress;
  mjWebTaskId: string;
  sessionInfoDrawId: string;
  images: DrawImage[];
  prompt: string;
  index: number | null;
  originalTaskDrawId: string | null;
  failReason: string;
  createTime: number;
}
