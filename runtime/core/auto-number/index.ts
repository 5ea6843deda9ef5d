export {
  applyAutoNumbers,
  generateAutoNo,
  parseAutoNoRule,
  DEFAULT_DATE_FORMAT,
  DEFAULT_RANDOM_DIGITS,
} from './generate';
export type { AutoNoOptions, AutoNoPart } from './generate';
