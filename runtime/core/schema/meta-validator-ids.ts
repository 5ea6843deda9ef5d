import { META } from './meta-ids';

/** The schemas precompiled into meta-validator.generated.js: export name → $id. */
export const PRECOMPILED_IDS = { page: META.page, field: META.field } as const;
