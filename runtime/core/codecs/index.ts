export { dateCodec, dateRangeCodec, formatDate, toDayjs, toTimestamp } from './date';
export { multiCodec, splitMulti, joinMulti } from './multi';
export { switchCodec, toBoolean } from './switch';
export { numberCodec, toNumber } from './number';
