export { buildLinkagePlan, isEmptyPlan } from './plan';
export type { LinkageDependent, LinkagePlan } from './plan';
export { resolveDictApi, templateKeys, hasTemplates } from './params';
export { attachLinkage, linkageEffects, pleaseSelectFirst } from './effects';
export type { LinkageOptions } from './effects';
export { debounceSearch, SEARCH_DEBOUNCE_MS } from './debounce';
export { linkedDictApi, setLinkedDictApi } from './linked-source';
export type { LinkedDictApi } from './linked-source';
