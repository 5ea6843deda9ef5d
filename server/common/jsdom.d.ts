/** The one jsdom API the server uses (rich-text.ts); jsdom ships no types of its own. */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string);
    readonly window: Window & typeof globalThis;
  }
}
