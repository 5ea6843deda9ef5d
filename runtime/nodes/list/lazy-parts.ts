/**
 * The list's parts that are not needed for its first paint, fetched on first use: the search form
 * and the record modal render through Formily and the widget components, the export and import
 * dialogs only open on a click, the card and gantt views on a switch. A read-only list page thus parses none of it before its table
 * paints; the search form follows a moment later in a box of its own height.
 */
import { createElement } from 'react';
import { lazyComponent } from '../../react/lazy-component';
import type { ColumnSettings as ColumnSettingsType } from './ColumnSettings';
import type { ExportDialog as ExportDialogType } from './ExportDialog';
import type { ImportDialog as ImportDialogType } from './ImportDialog';
import type { RecordModal as RecordModalType } from './RecordModal';
import type { SearchBar as SearchBarType } from './SearchBar';
import type { CardView as CardViewType } from './views/CardView';
import type { GanttView as GanttViewType } from './views/GanttView';

/** One row of search fields and the 查询 / 重置 row under it, until the form arrives. */
const searchPlaceholder = () =>
  createElement('div', {
    className: 'tessera-list-search tessera-lazy-pending',
    'aria-busy': true,
    style: { minHeight: 104 },
  });
const nothing = () => null;
const viewPlaceholder = () =>
  createElement('div', { className: 'tessera-lazy-pending', 'aria-busy': true, style: { minHeight: 200 } });

export const SearchBar = lazyComponent<Parameters<typeof SearchBarType>[0]>(
  () => import('./SearchBar').then((m) => m.SearchBar),
  searchPlaceholder,
);
export const RecordModal = lazyComponent<Parameters<typeof RecordModalType>[0]>(
  () => import('./RecordModal').then((m) => m.RecordModal),
  nothing,
);
export const ColumnSettings = lazyComponent<Parameters<typeof ColumnSettingsType>[0]>(
  () => import('./ColumnSettings').then((m) => m.ColumnSettings),
  nothing,
);
export const ExportDialog = lazyComponent<Parameters<typeof ExportDialogType>[0]>(
  () => import('./ExportDialog').then((m) => m.ExportDialog),
  nothing,
);
export const ImportDialog = lazyComponent<Parameters<typeof ImportDialogType>[0]>(
  () => import('./ImportDialog').then((m) => m.ImportDialog),
  nothing,
);
/** The card and gantt views, when the schema offers them and the user switches to one. */
export const CardView = lazyComponent<Parameters<typeof CardViewType>[0]>(
  () => import('./views/CardView').then((m) => m.CardView),
  viewPlaceholder,
);
export const GanttView = lazyComponent<Parameters<typeof GanttViewType>[0]>(
  () => import('./views/GanttView').then((m) => m.GanttView),
  viewPlaceholder,
);
