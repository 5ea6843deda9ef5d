/**
 * Every widget component bound to its type (browser only). One line per folder: a test fails if
 * a folder is missing here. Each component is fetched the first time a field of its type renders
 * (its own chunk, split by Vite at the dynamic import), so a page parses only the widgets it shows:
 * a list page's cells use the headless formatters and load none. `preloadWidgets()` fetches ahead.
 */
import type { ComponentType } from 'react';
import './definitions';
import { bindWidget } from '../react/bindings';
import { lazyComponent } from '../react/lazy-component';
import { inlineRetry } from '../react/ChunkRetry';

/** Widget type → its component's loader. Adding a widget is one line here. */
export const WIDGET_LOADERS: Record<string, () => Promise<ComponentType<any>>> = {
  date: () => import('./date/component').then((m) => m.DateWidget),
  input: () => import('./input/component').then((m) => m.InputWidget),
  number: () => import('./number/component').then((m) => m.NumberWidget),
  select: () => import('./select/component').then((m) => m.SelectWidget),
  switch: () => import('./switch/component').then((m) => m.SwitchWidget),
  textarea: () => import('./textarea/component').then((m) => m.TextareaWidget),
  password: () => import('./password/component').then((m) => m.PasswordWidget),
  readonly: () => import('./readonly/component').then((m) => m.ReadonlyWidget),
  checkbox: () => import('./checkbox/component').then((m) => m.CheckboxWidget),
  'checkbox-group': () => import('./checkbox-group/component').then((m) => m.CheckboxGroupWidget),
  'radio-group': () => import('./radio-group/component').then((m) => m.RadioGroupWidget),
  'radio-button': () => import('./radio-button/component').then((m) => m.RadioButtonWidget),
  month: () => import('./month/component').then((m) => m.MonthWidget),
  week: () => import('./week/component').then((m) => m.WeekWidget),
  timestamp: () => import('./timestamp/component').then((m) => m.TimestampWidget),
  range: () => import('./range/component').then((m) => m.RangeWidget),
  'timestamp-range': () => import('./timestamp-range/component').then((m) => m.TimestampRangeWidget),
  time: () => import('./time/component').then((m) => m.TimeWidget),
  'select-filter': () => import('./select-filter/component').then((m) => m.SelectFilterWidget),
  'select-search': () => import('./select-search/component').then((m) => m.SelectSearchWidget),
  'select-multi': () => import('./select-multi/component').then((m) => m.SelectMultiWidget),
  'select-tag': () => import('./select-tag/component').then((m) => m.SelectTagWidget),
  'code-editor': () => import('./code-editor/component').then((m) => m.CodeEditorWidget),
  'rich-text': () => import('./rich-text/component').then((m) => m.RichTextWidget),
  'rich-editor': () => import('./rich-editor/component').then((m) => m.RichEditorWidget),
  image: () => import('./image/component').then((m) => m.ImageWidget),
  file: () => import('./file/component').then((m) => m.FileWidget),
  video: () => import('./video/component').then((m) => m.VideoWidget),
  audio: () => import('./audio/component').then((m) => m.AudioWidget),
  avatar: () => import('./avatar/component').then((m) => m.AvatarWidget),
  markdown: () => import('./markdown/component').then((m) => m.MarkdownWidget),
  qr: () => import('./qr/component').then((m) => m.QrWidget),
  barcode: () => import('./barcode/component').then((m) => m.BarcodeWidget),
  link: () => import('./link/component').then((m) => m.LinkWidget),
  'tree-select': () => import('./tree-select/component').then((m) => m.TreeSelectWidget),
  tag: () => import('./tag/component').then((m) => m.TagWidget),
  table: () => import('./table/component').then((m) => m.TableWidget),
  icon: () => import('./icon/component').then((m) => m.IconWidget),
  button: () => import('./button/component').then((m) => m.ButtonWidget),
  'button-group': () => import('./button-group/component').then((m) => m.ButtonGroupWidget),
  'multi-button-group': () => import('./multi-button-group/component').then((m) => m.MultiButtonGroupWidget),
  slot: () => import('./slot/component').then((m) => m.SlotWidget),
  'drag-list': () => import('./drag-list/component').then((m) => m.DragListWidget),
  change: () => import('./change/component').then((m) => m.ChangeWidget),
};

for (const [type, load] of Object.entries(WIDGET_LOADERS))
  bindWidget(type, lazyComponent(load, undefined, { failed: inlineRetry }));
