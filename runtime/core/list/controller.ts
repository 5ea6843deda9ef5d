/**
 * The headless list controller (building-blocks §2, §4): search values, paging, selection, rows.
 * No React: the list node subscribes with useSyncExternalStore, tests drive it directly.
 * Rules kept here: search and reset go to page 1; a page change clears the selection unless told
 * to keep it; the selection is kept by key; deleting the last rows of a page above 1 goes back a
 * page; only the newest load's answer is applied, so a slow older answer cannot overwrite it.
 */
import { isSuccess } from '../../../protocol/codes';
import { DEFAULT_PAGE, DEFAULT_PAGE_SIZE } from '../../../protocol/constants';
import type { ListQuery, SortSpec } from '../../../protocol/list-query';
import type { FieldDefinition } from '../../../protocol/page-schema';
import type { DataProvider, Row } from '../data/provider';
import { buildListQuery } from './query';

export interface ListState {
  searchValues: Row;
  current: number;
  pageSize: number;
  selectedKeys: string[];
  /** The selected rows known so far, by key order (rows of other pages stay known once seen). */
  selectedRows: Row[];
  loading: boolean;
  rows: Row[];
  total: number;
  /** The last failed load: the server's answer or the thrown error. */
  error?: { code?: string | number; message: string };
}

export interface ListControllerOptions {
  provider: DataProvider;
  /** Value fields (flattened); search rules and showFields come from them. */
  fields: readonly FieldDefinition[];
  idKey?: string;
  pageSize?: number;
  /** false: no paging, every row in one request. */
  paginate?: boolean;
  sorts?: SortSpec[];
  keepSelectionOnPageChange?: boolean;
  /** Fixed parts of every query (data scoping, joins). */
  extraQuery?: Partial<ListQuery>;
  initialSearch?: Row;
  /** The page to open on (a place restored from the address); 1 when absent. */
  initialPage?: number;
  /** Columns a view needs beyond the fields (the gantt's task keys). */
  alsoShow?: readonly string[];
  onError?: (error: NonNullable<ListState['error']>) => void;
}

export interface ListController {
  getState(): ListState;
  subscribe(listener: () => void): () => void;
  /** The body the next load sends. */
  buildQuery(): ListQuery;
  load(): Promise<void>;
  /**
   * The first load, unless the source already answered when the controller was made (a provider
   * with listNow: STATIC rows): then the first render has its rows and there is nothing to wait for.
   */
  start(): Promise<void>;
  search(values: Row): Promise<void>;
  /** The user's sort by one column (a sortable column's header), replacing the page's; undefined restores it. */
  sortBy(spec?: SortSpec): Promise<void>;
  reset(values?: Row): Promise<void>;
  setPage(current: number, pageSize?: number): Promise<void>;
  /** Search, page and size at once, in one load (Back / Forward to a place in the address). */
  show(place: { searchValues: Row; current: number; pageSize: number }): Promise<void>;
  setSelection(keys: readonly (string | number)[], rows?: readonly Row[]): void;
  clearSelection(): void;
  /** After rows were deleted: drop them from the selection, step back from an emptied page, reload. */
  afterRemove(ids: readonly (string | number)[]): Promise<void>;
  keyOf(row: Row): string;
}

export function createListController(options: ListControllerOptions): ListController {
  const idKey = options.idKey ?? 'id';
  const paginate = options.paginate !== false;
  const listeners = new Set<() => void>();
  const known = new Map<string, Row>();
  let seq = 0;
  let state: ListState = {
    searchValues: { ...options.initialSearch },
    current: Math.max(DEFAULT_PAGE, Math.floor(options.initialPage ?? DEFAULT_PAGE)),
    pageSize: options.pageSize ?? DEFAULT_PAGE_SIZE,
    selectedKeys: [],
    selectedRows: [],
    loading: false,
    rows: [],
    total: 0,
  };

  const keyOf = (row: Row) => String(row[idKey]);
  const set = (patch: Partial<ListState>) => {
    state = { ...state, ...patch };
    listeners.forEach((l) => l());
  };
  // Loaded pages are indexed by key only when a selection needs them: 10k rows are not walked
  // before the first paint for a lookup that may never come.
  const unindexed: Row[][] = [];
  const indexRows = (list: Row[]): void =>
    list.forEach((r) => {
      known.set(keyOf(r), r);
      // Tree rows (parentKey) carry their descendants under children: selectable rows too.
      if (Array.isArray(r.children)) indexRows(r.children as Row[]);
    });
  const indexed = () => {
    for (const list of unindexed.splice(0)) indexRows(list);
    return known;
  };
  const remember = (list: Row[]) => void unindexed.push(list);
  const selection = (keys: string[]) => {
    const index = keys.length ? indexed() : known;
    return { selectedKeys: keys, selectedRows: keys.map((k) => index.get(k)).filter((r): r is Row => !!r) };
  };
  let userSort: SortSpec | undefined;
  const buildQuery = () =>
    buildListQuery(options.fields, state.searchValues, {
      idKey,
      paginate,
      current: state.current,
      pageSize: state.pageSize,
      sorts: userSort ? [userSort] : options.sorts,
      extra: options.extraQuery,
      alsoShow: options.alsoShow,
    });

  // A source that answers at once (rows in memory) fills the first state: the table mounts once,
  // with its rows, instead of empty and loading and then again with 10k rows. A failed answer is
  // left to the first load, which reports it the usual way (onError, outside of a render).
  const firstAnswer = options.provider.listNow?.(buildQuery());
  const answeredAtOnce = !!firstAnswer && isSuccess(firstAnswer.code);
  if (firstAnswer && answeredAtOnce) {
    remember(firstAnswer.data.list);
    state = { ...state, rows: firstAnswer.data.list, total: firstAnswer.data.total };
  }

  async function load(allowStepBack = true): Promise<void> {
    const mine = ++seq;
    set({ loading: true });
    let error: ListState['error'];
    try {
      const result = await options.provider.list(buildQuery());
      if (mine !== seq) return;
      if (isSuccess(result.code)) {
        const rows = result.data.list;
        remember(rows);
        set({ loading: false, rows, total: result.data.total, error: undefined, ...selection(state.selectedKeys) });
        // The page emptied under us (rows deleted elsewhere): show the last page that has rows.
        const last = Math.max(1, Math.ceil(result.data.total / state.pageSize));
        if (allowStepBack && paginate && rows.length === 0 && state.current > last) {
          set({ current: last });
          await load(false);
        }
        return;
      }
      error = { code: result.code, message: result.message };
    } catch (thrown) {
      if (mine !== seq) return;
      error = { message: thrown instanceof Error ? thrown.message : String(thrown) };
    }
    set({ loading: false, rows: [], total: 0, error });
    options.onError?.(error);
  }

  return {
    getState: () => state,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    buildQuery,
    load: () => load(),
    start: () => (answeredAtOnce ? Promise.resolve() : load()),
    search(values) {
      set({ searchValues: { ...values }, current: DEFAULT_PAGE, ...selection([]) });
      return load();
    },
    sortBy(spec) {
      userSort = spec;
      set({ current: DEFAULT_PAGE });
      return load();
    },
    reset(values = {}) {
      set({ searchValues: { ...values }, current: DEFAULT_PAGE, ...selection([]) });
      return load();
    },
    setPage(current, pageSize = state.pageSize) {
      const keep = options.keepSelectionOnPageChange === true;
      set({ current: Math.max(1, Math.floor(current)), pageSize, ...(keep ? {} : selection([])) });
      return load();
    },
    show({ searchValues, current, pageSize }) {
      set({ searchValues: { ...searchValues }, current: Math.max(1, Math.floor(current)), pageSize, ...selection([]) });
      return load();
    },
    setSelection(keys, rows = []) {
      const index = indexed();
      rows.forEach((r) => r && index.set(keyOf(r), r));
      set(selection([...new Set(keys.map(String))]));
    },
    clearSelection: () => set(selection([])),
    afterRemove(ids) {
      const gone = new Set(ids.map(String));
      const left = state.rows.filter((r) => !gone.has(keyOf(r))).length;
      const index = indexed();
      gone.forEach((k) => index.delete(k));
      const current = left === 0 && state.current > 1 ? state.current - 1 : state.current;
      set({ current, ...selection(state.selectedKeys.filter((k) => !gone.has(k))) });
      return load();
    },
    keyOf,
  };
}
