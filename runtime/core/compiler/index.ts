export { compileFields, isFieldNode } from './compile-fields';
export { compileField } from './field';
export { defineFieldCompiler, defineContainerCompiler, getFieldCompiler, getContainerCompiler } from './hooks';
export { resolveSelectItems, visibleToRoles } from './select-items';
export type { ResolvedItem } from './select-items';
export { buildValidators, parseRules, requiredMessage, revalidateOnBlur } from './validators';
export {
  findIllegalCharacters,
  hasIllegalCharacters,
  stripIllegalCharacters,
  ILLEGAL_CHARACTERS,
} from './illegal-characters';
export type { CompileContext, CompileMode, ContainerCompiler, ContainerCompileApi, FieldCompiler } from './types';
export { searchRuleOf } from './search-rule';
