import { catalog } from '../messages/index';

/** Message keys an envelope failure maps to (protocol/messages/common.ts). */
export type EnvelopeErrorKey = 'error.hashCheck' | 'error.badEnvelope';

/**
 * Thrown by the client when a response cannot be verified or decrypted (spec: "Failed hash check
 * rejects with an error"). `key` is the message key the UI translates; `message` is the English
 * text for logs. The detail is kept out of `message` on purpose: it is for developers only.
 */
export class EnvelopeError extends Error {
  override readonly name = 'EnvelopeError';
  readonly key: EnvelopeErrorKey;
  readonly detail: string;

  constructor(key: EnvelopeErrorKey, detail: string) {
    super(catalog[key]?.en ?? key);
    this.key = key;
    this.detail = detail;
  }
}
