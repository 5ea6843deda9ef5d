/**
 * The runtime describes itself (issue 13 item 1): what a designer's palette and the AI generator
 * read from the registry — every node and widget type with its title, icon, group and defaults, and
 * a settings panel that is itself a page schema, so the designer renders it with the runtime.
 * Headless: icons are @ant-design/icons names, never components.
 */
import type { FieldDefinition, PageSchema } from '../../protocol/page-schema';
import { LATEST_SCHEMA_VERSION } from './migrate';
import {
  allNodes,
  allWidgets,
  PALETTE_GROUPS,
  type NodeDefinition,
  type PaletteGroup,
  type WidgetDefinition,
} from './registry';

export type TypeKind = 'node' | 'widget';
type Lang = 'zh' | 'en';

const GROUP_TITLES: Record<PaletteGroup, { zh: string; en: string }> = {
  input: { zh: '输入', en: 'Input' },
  choice: { zh: '选择', en: 'Choice' },
  date: { zh: '日期时间', en: 'Date and time' },
  upload: { zh: '上传', en: 'Upload' },
  media: { zh: '码与媒体', en: 'Codes and media' },
  display: { zh: '展示', en: 'Display' },
  action: { zh: '操作', en: 'Action' },
  layout: { zh: '布局', en: 'Layout' },
  data: { zh: '数据', en: 'Data' },
  advanced: { zh: '高级', en: 'Advanced' },
  chart: { zh: '图表', en: 'Charts' },
};

/**
 * A settings field's key is a property path of the edited node with "." written "__" (the
 * meta-schema allows no dot in a key): `props__format` edits `props.format`.
 */
export const settingsKey = (path: string) => path.split('.').join('__');
export const settingsPath = (key: string) => key.split('__').join('.');

const setting = (path: string, rest: Omit<FieldDefinition, 'key' | 'id'>): FieldDefinition => ({
  id: `f_${settingsKey(path)}`,
  key: settingsKey(path),
  ...rest,
});

// The settings every type shares (one place, so each type declares only what is its own).
// Titles and keys are the admin's own text: the input widget's illegal-character filter (which
// strips `_` and brackets as they are typed) must not touch them; the key has its own pattern.
const titleSettings = (): FieldDefinition[] => [
  setting('title.zh', {
    title: { zh: '标题（中文）', en: 'Title (Chinese)' },
    type: 'input',
    required: true,
    allowSpecialCharacter: true,
  }),
  setting('title.en', {
    title: { zh: '标题（英文）', en: 'Title (English)' },
    type: 'input',
    allowSpecialCharacter: true,
  }),
];
const keySetting = (required: boolean) =>
  setting('key', {
    title: { zh: '字段名', en: 'Key' },
    type: 'input',
    required,
    allowSpecialCharacter: true,
    pattern: '^[A-Za-z][A-Za-z0-9_]{0,63}$',
    message: {
      zh: '字母开头，仅字母、数字和下划线，最多 64 个字符',
      en: 'A letter, then letters, digits or _ (max 64)',
    },
  });
const spanSetting = () =>
  setting('columnSpan', { title: { zh: '占列数', en: 'Column span' }, type: 'number', props: { min: 1, max: 24 } });

function commonWidgetSettings(widget: WidgetDefinition): FieldDefinition[] {
  const valued = widget.noValue
    ? []
    : [
        setting('required', { title: { zh: '必填', en: 'Required' }, type: 'switch' }),
        setting('rules', {
          title: { zh: '校验规则（JSON）', en: 'Rules (JSON)' },
          type: 'code-editor',
          props: { language: 'json' },
        }),
      ];
  return [...titleSettings(), keySetting(true), ...valued, spanSetting()];
}

function commonNodeSettings(node: NodeDefinition): FieldDefinition[] {
  return [...titleSettings(), keySetting(false), ...(node.container ? [spanSetting()] : [])];
}

/** A type's own settings with their keys encoded; one the common settings cover is left out. */
function ownSettings(def: WidgetDefinition | NodeDefinition, common: FieldDefinition[]): FieldDefinition[] {
  const taken = new Set(common.map((field) => settingsPath(field.key).split('.')[0]));
  return (def.settings ?? [])
    .filter((field) => !taken.has(field.key))
    .map((field) => ({ ...field, id: `f_${settingsKey(field.key)}`, key: settingsKey(field.key) }));
}

function definitionOf(kind: TypeKind, type: string): WidgetDefinition | NodeDefinition {
  const def = (kind === 'widget' ? allWidgets() : allNodes()).find((entry) => entry.type === type);
  if (!def) throw new Error(`Unknown ${kind} type: ${type}`);
  return def;
}

/** The fields of a type's settings form: the common ones, then the type's own. */
export function settingsFields(kind: TypeKind, type: string): FieldDefinition[] {
  const def = definitionOf(kind, type);
  const common =
    kind === 'widget' ? commonWidgetSettings(def as WidgetDefinition) : commonNodeSettings(def as NodeDefinition);
  return [...common, ...ownSettings(def, common)];
}

/** The settings panel of a type: a one-form page of our own meta-schema (validatePage accepts it). */
export function settingsSchema(kind: TypeKind, type: string): PageSchema {
  return {
    schemaVersion: LATEST_SCHEMA_VERSION,
    type: 'page',
    title: definitionOf(kind, type).palette?.title,
    body: [
      {
        type: 'form',
        key: 'settings',
        // The designer reads and writes the values itself (settingsValues / applySettings).
        dataSource: { kind: 'STATIC', data: [] },
        columns: 1,
        showReset: false,
        fields: settingsFields(kind, type),
      },
    ],
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readPath(source: Record<string, unknown>, path: string): unknown {
  let at: unknown = source;
  for (const part of path.split('.')) at = isObject(at) ? at[part] : undefined;
  return at;
}

/** The values of a settings form for a node or field (a plain-text title counts as its zh). */
export function settingsValues(kind: TypeKind, node: Record<string, unknown>): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const source = typeof node.title === 'string' ? { ...node, title: { zh: node.title } } : node;
  for (const field of settingsFields(kind, String(node.type))) {
    const value = readPath(source, settingsPath(field.key));
    if (value !== undefined) values[field.key] = value;
  }
  return values;
}

/** A copy of `node` with the settings form's values written back (an empty value removes the property). */
export function applySettings(node: Record<string, unknown>, values: Record<string, unknown>): Record<string, unknown> {
  const next = structuredClone(node);
  if (typeof next.title === 'string') next.title = { zh: next.title };
  for (const [key, value] of Object.entries(values)) {
    const parts = settingsPath(key).split('.');
    let at = next;
    for (const part of parts.slice(0, -1)) {
      if (!isObject(at[part])) at[part] = {};
      at = at[part] as Record<string, unknown>;
    }
    const last = parts[parts.length - 1];
    if (value === undefined || value === null || value === '') delete at[last];
    else at[last] = value;
  }
  return next;
}

export interface PaletteEntry {
  kind: TypeKind;
  type: string;
  title: string;
  icon: string;
  defaults: Record<string, unknown>;
}

export interface PaletteGroupEntries {
  group: PaletteGroup;
  title: string;
  entries: PaletteEntry[];
}

/** Every node and widget type, grouped in PALETTE_GROUPS order and titled in `lang`. */
export function paletteEntries(lang: Lang): PaletteGroupEntries[] {
  const described = [
    ...allNodes().map((def) => ({ kind: 'node' as const, def })),
    ...allWidgets().map((def) => ({ kind: 'widget' as const, def })),
  ];
  return PALETTE_GROUPS.map((group) => ({
    group,
    title: GROUP_TITLES[group][lang],
    entries: described
      .filter(({ def }) => def.palette?.group === group)
      .map(({ kind, def }) => ({
        kind,
        type: def.type,
        title: def.palette!.title[lang],
        icon: def.palette!.icon,
        defaults: structuredClone(def.palette!.defaults),
      })),
  })).filter((entry) => entry.entries.length > 0);
}

/** Types that do not describe themselves fully ("widget:x lacks palette"); empty when all do. */
export function undescribedTypes(): string[] {
  const problems: string[] = [];
  const check = (kind: TypeKind, def: WidgetDefinition | NodeDefinition) => {
    const p = def.palette;
    if (!p) return problems.push(`${kind}:${def.type} lacks palette`);
    if (!p.title?.zh || !p.title?.en) problems.push(`${kind}:${def.type} lacks title zh/en`);
    if (!/^[A-Z][A-Za-z]+(Outlined|Filled|TwoTone)$/.test(p.icon ?? '')) problems.push(`${kind}:${def.type} icon`);
    if (!(PALETTE_GROUPS as readonly string[]).includes(p.group)) problems.push(`${kind}:${def.type} group`);
    if (!isObject(p.defaults) || p.defaults.type !== def.type) problems.push(`${kind}:${def.type} defaults`);
    if (!def.settings) problems.push(`${kind}:${def.type} lacks settings`);
  };
  allNodes().forEach((def) => check('node', def));
  allWidgets().forEach((def) => check('widget', def));
  return problems;
}
