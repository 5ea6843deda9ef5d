/**
 * Import first in a jsdom test that seals with the crypto envelope. jsdom's Uint8Array is another
 * realm's than the one Node's TextEncoder makes, and SM3 (sm-crypto-v2) checks `instanceof
 * Uint8Array`: hand it this realm's bytes, as a browser (one realm) does. Modules that keep a
 * TextEncoder made at import time must be evaluated after this one.
 */
const NodeTextEncoder = globalThis.TextEncoder;
globalThis.TextEncoder = class extends NodeTextEncoder {
  override encode(text?: string) {
    return new Uint8Array(super.encode(text)) as ReturnType<TextEncoder['encode']>;
  }
} as typeof TextEncoder;
