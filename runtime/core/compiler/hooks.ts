/**
 * Compile hooks keyed by type, registered by the widget and node folders themselves
 * (runtime/widgets/<type>/definition.ts, runtime/nodes/<type>/definition.ts). The registry holds
 * what a type *is*; these say how it becomes Formily schema. Dependency-free, so the server can
 * load the definitions barrels without the compiler.
 */
import type { ContainerCompiler, FieldCompiler } from './types';

const fieldCompilers = new Map<string, FieldCompiler>();
const containerCompilers = new Map<string, ContainerCompiler>();

export function defineFieldCompiler(type: string, compiler: FieldCompiler): void {
  fieldCompilers.set(type, compiler);
}

export function defineContainerCompiler(type: string, compiler: ContainerCompiler): void {
  containerCompilers.set(type, compiler);
}

export const getFieldCompiler = (type: string) => fieldCompilers.get(type);
export const getContainerCompiler = (type: string) => containerCompilers.get(type);
