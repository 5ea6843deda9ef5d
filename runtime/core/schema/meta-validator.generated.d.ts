// Types of meta-validator.generated.js (scripts/meta-validator.ts): one export per PRECOMPILED_IDS entry.
import type { ValidateFunction } from 'ajv/dist/2020.js';

export declare const page: ValidateFunction;
export declare const field: ValidateFunction;
