export { dateCodec, dateRangeCodec, formatDate, toDayjs, toTimestamp } from './date';
export { multiCodec, splitMulti, joinMulti } from './multi';
export { switchCodec, toBoolean } from './switch';
export { numberCodec, toNumber } from './number';
export {
  richTextCodec,
  markdownCodec,
  encodeRichText,
  decodeRichText,
  encodeMarkdown,
  decodeMarkdown,
} from './text-encoding';
export { filesCodec, readFiles, writeFiles, nameFromUrl, type FileRef } from './files';
export { rowsCodec, readRows, writeRows, type Row } from './json-rows';
export { rangeEnds, rangeKeyValues } from './range';
export { timeCodec, parseTime, formatTime } from './time';
