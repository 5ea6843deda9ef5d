/**
 * What the AI app generator's browser and server share (ai-and-widgets §7, §9): the provider
 * types of POST appGenerator/create and the generated password's shape (a fixed prefix plus 8
 * random digits; made in the browser, shown once, stored hashed by the server).
 */
export const GENERATOR_TYPES = ['baidu', 'aLi', 'deepseek'] as const;
export type GeneratorType = (typeof GENERATOR_TYPES)[number];
export const DEFAULT_GENERATOR_TYPE: GeneratorType = 'deepseek';
export const GENERATED_PASSWORD_PREFIX = 'Ai@';
export const GENERATED_PASSWORD = /^Ai@\d{8}$/;
export const MAX_GENERATOR_PROMPT = 2000;
/** The designer's "describe a change" request text (docs/ai.md "Describe a change"). */
export const MAX_DESCRIBE_PROMPT = 1000;
/** The progress text that means success (its zh and en are the catalog's aiGen.complete). */
export const COMPLETE_KEY = 'aiGen.complete';

/** A fresh password: the prefix and 8 digits from the platform's CSPRNG. */
export function generatedPassword(random: (n: number) => Uint8Array): string {
  const digits = Array.from(random(8), (byte) => String(byte % 10)).join('');
  return `${GENERATED_PASSWORD_PREFIX}${digits}`;
}
