/** Route schemas of the image studio (docs/conventions.md "Route schemas"); values from protocol/ai-image.ts. */
import {
  COUNTS,
  DRAW_API_KEYS,
  DRAW_LIMITS,
  DRAW_TYPES,
  MJ_STYLES,
  QUALITIES,
  RATES,
  SD_STYLES,
  SIZES,
} from '../../protocol/ai-image';
import { recordId, strictObject, text } from '../http/shapes';

const optionalText = (max: number, description: string) =>
  ({ type: ['string', 'null'], maxLength: max, description }) as const;

export const KEY_PARAMS = strictObject(
  { drawApiKey: { enum: [...DRAW_API_KEYS], description: 'mj_txt2img, mj_img2img, baidu_sd_txt2img, mj_u or mj_v' } },
  'Which drawing call',
);

/** A new drawing (txt2img, img2img) or an upscale / variation of a grid quadrant: one body, two forms. */
export const CREATE_BODY = {
  anyOf: [
    strictObject(
      {
        prompt: optionalText(DRAW_LIMITS.promptMax, 'What to draw'),
        baseImg: optionalText(200, 'A reference image uploaded by common/uploadImage (MJ)'),
        drawType: { enum: [...DRAW_TYPES], description: 'MJ or BAIDU_SD' },
        n: { enum: [...COUNTS], description: 'Images: 1, or 4 for SD' },
        size: { enum: [...SIZES], description: 'SD image size' },
        rate: { enum: [...RATES], description: 'MJ aspect ratio (--ar)' },
        quality: { enum: QUALITIES.map((q) => q.value), description: 'MJ quality (--q)' },
        mj_style: { enum: MJ_STYLES.map((s) => s.value), description: 'MJ version: --v 5 or --niji 5' },
        style: { enum: [...SD_STYLES], description: 'One of the 18 SD-XL style presets' },
        negative_prompt: optionalText(DRAW_LIMITS.negativeMax, 'What to leave out (--no for MJ)'),
      },
      'The draw form',
      ['prompt', 'baseImg', 'n', 'size', 'rate', 'quality', 'mj_style', 'style', 'negative_prompt'],
    ),
    strictObject(
      {
        originalTaskDrawId: { ...recordId, description: 'The grid task (one of the caller’s)' },
        drawType: { enum: ['MJ'], description: 'MJ' },
        index: { type: 'integer', minimum: 1, maximum: 4, description: 'The quadrant, 1 to 4' },
      },
      'Upscale (mj_u) or vary (mj_v) one quadrant of a grid',
    ),
  ],
  description: 'The draw form, or a quadrant of a grid',
} as const;

export const TASK_PARAMS = strictObject({ id: recordId }, 'The task addressed');

export const LIST_QUERY = strictObject(
  {
    page: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    size: { type: 'integer', minimum: 1, maximum: 50, description: 'Tasks per page (default 10)' },
  },
  'Paging of the draw history',
  ['page', 'size'],
);

export const PROGRESS_QUERY = strictObject(
  { mjWebTaskId: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[\\w-]+$', description: 'The task' } },
  'Which task’s progress',
);

export const TRANS_QUERY = strictObject(
  { q: text(DRAW_LIMITS.promptMax, 'The prompt to translate into English') },
  'Prompt translation',
);

const flag = (description: string) => ({ enum: [0, 1], description }) as const;
const ECHO = {
  id: { description: 'Ignored (the id is in the path)' },
  create_at: { description: 'Ignored' },
  update_at: { description: 'Ignored' },
  create_by: { description: 'Ignored' },
  update_by: { description: 'Ignored' },
  api_key_mask: { description: 'Ignored (the masked key)' },
  secret_key_mask: { description: 'Ignored (the masked secret)' },
} as const;
const PROVIDER_PROPERTIES = {
  draw_type: { enum: [...DRAW_TYPES], description: 'MJ (midjourney-proxy) or BAIDU_SD (Baidu SD-XL)' },
  label: text(64, 'A name for the service'),
  base_url: optionalText(2048, 'midjourney-proxy’s address (MJ); Baidu’s (default https://aip.baidubce.com)'),
  api_key: optionalText(4096, 'mj-api-secret (MJ) or API Key (Baidu); stored encrypted, empty on edit keeps it'),
  secret_key: optionalText(4096, 'Secret Key (Baidu); stored encrypted, empty on edit keeps it'),
  enabled: flag('1: the studio draws with it'),
  remark: optionalText(500, 'Notes'),
} as const;
const keysOf = <T extends object>(value: T) => Object.keys(value) as (keyof T)[];

export const PROVIDER_BODY = (mode: 'create' | 'update') =>
  strictObject(
    { ...PROVIDER_PROPERTIES, ...ECHO },
    mode === 'create' ? 'A new drawing service' : 'The fields to change',
    mode === 'create'
      ? [...keysOf(PROVIDER_PROPERTIES).filter((k) => k !== 'draw_type' && k !== 'label'), ...keysOf(ECHO)]
      : [...keysOf(PROVIDER_PROPERTIES), ...keysOf(ECHO)],
  );

export const PROVIDER_LIST_QUERY = strictObject(
  {
    current: { type: 'integer', minimum: 1, maximum: 100000, description: 'Page number, from 1' },
    pageSize: { type: 'integer', minimum: 1, maximum: 1000, description: 'Rows per page' },
    draw_type: { enum: [...DRAW_TYPES], description: 'Only this draw type' },
  },
  'Paging of the drawing services',
  ['current', 'pageSize', 'draw_type'],
);

export const IDS_BODY = strictObject(
  { ids: { type: 'array', minItems: 1, maxItems: 100, items: recordId, description: 'The rows to remove' } },
  'Rows to remove',
);
