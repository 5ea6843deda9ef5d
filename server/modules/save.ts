/**
 * Module saves go through the schema store's pipeline (server/schema-store/module-save.ts); this
 * file keeps the old import path for callers and tests.
 */
export { saveModule, type SaveHooks, type SaveInput, type SaveResult } from '../schema-store/module-save';
