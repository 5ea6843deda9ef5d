/**
 * The QR text limit, apart from the SM4 code in ./index.ts: the widget's definition (loaded by every
 * page, through the registry) needs only this number, not the cipher library.
 */
/** Level Q holds at most 1663 bytes in binary mode (version 40); leave room for IV and prefix. */
export const QR_MAX_TEXT_BYTES = 700;
