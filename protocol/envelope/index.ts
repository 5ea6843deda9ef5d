/** The crypto envelope shared by browser and server (DESIGN §5, docs/envelope.md). */
export * from './constants';
export { ClientEnvelope, encryptText, decryptText } from './client';
export type { SealInput, SealContext, SealedRequest, ClientEnvelopeOptions, HeadersLike } from './client';
export { EnvelopeError } from './errors';
export type { EnvelopeErrorKey } from './errors';
export { MemoryReplayStore, DEFAULT_REPLAY_ENTRIES } from './replay-cache';
export type { ReplayStore, MemoryReplayStoreOptions } from './replay-cache';
export { Lru } from './lru';
