/**
 * The registry: the one place a node, widget or action `type` string is resolved (DESIGN §2.1).
 * Headless: definitions carry JSON Schema fragments, codecs and settings, never React. React
 * components are bound to the same types in runtime/react/bindings.ts. Every list of types (the
 * meta-schema's node union, the designer palette, the server's column types) is derived from here.
 */
import type { FieldDefinition } from '../../protocol/page-schema';
import type { QueryRule } from '../../protocol/list-query';
import type { ValueFormat } from './format/types';

/** Column type a widget's value is stored in (spec data types plus long text). */
export type ColumnType = 'string' | 'text' | 'integer' | 'long' | 'float' | 'double' | 'boolean' | 'time';

/** Converts between the value a widget edits and the value stored in the row. Pure. */
export interface ValueCodec<Edit = unknown, Stored = unknown> {
  /** Stored → the value the widget edits (e.g. ms timestamp → dayjs). */
  decode(stored: Stored | null | undefined, field: FieldDefinition): Edit | undefined;
  /** Edited → stored (e.g. dayjs → ms timestamp). */
  encode(value: Edit | null | undefined, field: FieldDefinition): Stored | null;
}

/**
 * Palette groups (closed set): where a designer's palette shows a type. Adding a group is a change
 * here, so two folders cannot invent near-duplicates ("upload" vs "uploads").
 */
export const PALETTE_GROUPS = [
  'input',
  'choice',
  'date',
  'upload',
  'media',
  'display',
  'action',
  'layout',
  'data',
  'advanced',
  'chart',
] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

/**
 * How a type presents itself to a designer and the AI generator (runtime/core/palette.ts reads it).
 * `icon` is an @ant-design/icons export name (a string, so core stays headless).
 */
export interface PaletteMeta {
  title: { zh: string; en: string };
  icon: string;
  group: PaletteGroup;
  /**
   * The props of a new instance: for a widget a field node without key and id, for a node a
   * minimal valid node. Both must validate once placed in a page (palette.test.ts).
   */
  defaults: Record<string, unknown>;
}

export interface WidgetDefinition {
  type: string;
  /** Title, icon, palette group and defaults (required of every registered type: palette.test.ts). */
  palette?: PaletteMeta;
  /** Column type the server creates for a field of this widget (a field's dataType overrides). */
  columnType: ColumnType;
  /** JSON Schema (2020-12) of the widget-specific `props` object of a field. */
  propsSchema?: Record<string, unknown>;
  codec?: ValueCodec;
  /**
   * How the stored value reads as text and imports back (runtime/core/format): the table, detail,
   * read-only form, export and import all use it. Required of every widget with a value (format.test.ts).
   */
  format?: ValueFormat;
  /** Rule the list's search form uses by default for this widget. */
  searchRule?: QueryRule;
  /**
   * The widget's own settings fields (a dotted key such as `props.format` names the property path);
   * runtime/core/palette.ts adds the common ones (title, key, required, rules, span) and makes the
   * settings page schema the designer renders with the runtime.
   */
  settings?: FieldDefinition[];
  /** Display-only widgets hold no value and get no column. */
  noValue?: boolean;
}

export interface NodeDefinition {
  type: string;
  /** JSON Schema (2020-12) of the node; it may $ref the meta-schema's shared definitions. */
  schema: Record<string, unknown>;
  /** Containers hold `children` (grid, tab, card); they get no column and no value. */
  container?: boolean;
  /**
   * Where a designer may place the node (designer/core's drag rules read it): 'page' — outside any
   * form only (a list or form inside a form cell would nest one form in another); 'anywhere' — also
   * inside a form (layout containers).
   */
  placement?: 'page' | 'anywhere';
  /** Its `fields` make one form (list, form): fields dropped inside belong to it, keys unique in it. */
  ownsForm?: boolean;
  /** The items of its `children` are panes ({ key, title, children }), not nodes (tab). */
  panes?: boolean;
  palette?: PaletteMeta;
  /** The node's own settings fields (dotted keys are property paths), as for widgets. */
  settings?: FieldDefinition[];
}

/**
 * An action a button runs (runtime/actions): `type` is the name schemas use. `run` receives what the
 * screen offers (runtime/actions/types.ts ActionContext); the registry keeps it opaque, so core
 * stays free of screens. `params` is the JSON Schema of the `params` a schema button passes.
 */
export interface ActionDefinition<Context = never> {
  type: string;
  title?: { zh: string; en: string };
  params?: Record<string, unknown>;
  run?(context: Context): unknown;
}

const widgets = new Map<string, WidgetDefinition>();
const nodes = new Map<string, NodeDefinition>();
// Each action types its own context, so the map holds them as any.
const actions = new Map<string, ActionDefinition<any>>();

function register<T extends { type: string }>(map: Map<string, T>, kind: string, def: T): T {
  if (!/^[a-zA-Z][\w-]*$/.test(def.type)) throw new Error(`Invalid ${kind} type name: ${def.type}`);
  const existing = map.get(def.type);
  if (existing && existing !== def) throw new Error(`${kind} type "${def.type}" is already registered`);
  map.set(def.type, def);
  return def;
}

export const defineWidget = (def: WidgetDefinition) => register(widgets, 'widget', def);
export const defineNode = (def: NodeDefinition) => register(nodes, 'node', def);
export const defineAction = <Context = never>(def: ActionDefinition<Context>) => register(actions, 'action', def);

export const getWidget = (type: string) => widgets.get(type);
export const getNode = (type: string) => nodes.get(type);
export const getAction = (type: string) => actions.get(type);

export const widgetTypes = () => [...widgets.keys()].sort();
export const nodeTypes = () => [...nodes.keys()].sort();
export const actionTypes = () => [...actions.keys()].sort();
export const allWidgets = () => [...widgets.values()];
export const allNodes = () => [...nodes.values()];
export const allActions = () => [...actions.values()];
