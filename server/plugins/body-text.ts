/**
 * The JSON text a request's body was parsed from: a plain JSON body as it came, or a sealed body's
 * plaintext once opened (envelope.ts records both). Caches keyed by the body's text use it
 * (server/common/query/parse-cache.ts) instead of serialising the parsed body again. Only short
 * texts are kept; the entry goes with the request.
 */
import type { FastifyRequest } from 'fastify';

/** Longer bodies are not worth a cache key (a list body is a few hundred characters). */
export const MAX_REMEMBERED_TEXT = 4096;

const texts = new WeakMap<FastifyRequest, { text: string; body: unknown }>();

export function rememberBodyText(request: FastifyRequest, text: string, body: unknown): void {
  if (text.length <= MAX_REMEMBERED_TEXT) texts.set(request, { text, body });
}

/** The text of request.body, if it is still the very object parsed from it. */
export function bodyTextOf(request: FastifyRequest): string | undefined {
  const entry = texts.get(request);
  return entry && entry.body === request.body ? entry.text : undefined;
}
