// Types of meta-validator.generated.js (scripts/meta-validator.ts): one export per PRECOMPILED_IDS entry.
import type { ValidateFunction } from 'ajv/dist/2020.js';

export declare const page: ValidateFunction;
export declare const field: ValidateFunction;
/** The registry (node, widget and action names) it was built for. */
export declare const REGISTRY_KEY: string;
