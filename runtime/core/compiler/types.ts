import type { ISchema } from '@formily/json-schema';
import type { ContainerNode, FieldDefinition, SchemaNode } from '../../../protocol/page-schema';

export type CompileMode = 'edit' | 'readPretty' | 'search';

export interface CompileContext {
  lang: 'zh' | 'en';
  mode: CompileMode;
  /** The current user's role ids, for visibleRoleIds (fields and select items). */
  roleIds?: string[];
  /** Grid columns of the form (FormGrid maxColumns); 1 when not given. */
  columns?: number;
  /**
   * Asks a field's checkApi about a value: the message when the API refuses it, else undefined (a
   * failed call too: the server checks again on save). Absent → checkApi is not asked.
   */
  check?: (api: string, key: string, value: string) => Promise<string | undefined>;
}

/** A text widget's character check: a TextPolicy (illegal-characters.ts), a whole-URL check, or none. */
export type TextCheck = 'strict' | 'name' | 'prose' | 'url' | 'none';

/**
 * Widget-specific compile behaviour, registered from the widget's own definition.ts so the compiler
 * never names a widget type. Everything here is headless.
 */
export interface FieldCompiler {
  /** Text inputs: default max length and the illegal-character check (unless allowSpecialCharacter). */
  text?: { maxLength: number; check?: (field: FieldDefinition) => TextCheck };
  /** Adjusts the compiled field (e.g. a range picker in search mode); mutate `schema` in place. */
  adapt?: (schema: ISchema, field: FieldDefinition, ctx: CompileContext) => void;
}

/** What a container compiler may call back into. */
export interface ContainerCompileApi {
  /** Children laid out in a FormGrid (fields as grid items, containers spanning their columnSpan). */
  grid(children: SchemaNode[], options?: { columns?: number; props?: Record<string, unknown> }): ISchema;
  /** Decorator for a container placed as an item of a parent FormGrid. */
  gridItem(span?: number): Pick<ISchema, 'x-decorator' | 'x-decorator-props'>;
  text(value: FieldDefinition['title'] | undefined): string;
}

export type ContainerCompiler = (node: ContainerNode, ctx: CompileContext, api: ContainerCompileApi) => ISchema;
