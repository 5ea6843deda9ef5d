/**
 * A list's place in the page address (issue 22, item 5): ?page=3&size=20&q={"name":"华"}&view=card,
 * so reload, Back / Forward and a shared link open the list where the user was. Defaults are left
 * out of the address (page 1, the schema's page size, no search, the first view). Pure: the list
 * node reads and writes through the host's PageQuery.
 */
import type { Row } from '../../core/data/provider';

export const ADDRESS_PARAMS = ['page', 'size', 'q', 'view'] as const;
export type ListAddress = Record<(typeof ADDRESS_PARAMS)[number], string | null>;

export interface ListPlace {
  current: number;
  pageSize: number;
  searchValues: Row;
  view: string;
}

export interface AddressDefaults {
  pageSize: number;
  views: readonly string[];
}

const PAGE_SIZES = new Set([10, 20, 50, 100, 200, 500, 1000]);

/** Search values worth keeping: empty strings, nulls and empty lists are no condition. */
export function searchOnly(values: Row): Row {
  return Object.fromEntries(
    Object.entries(values).filter(
      ([, v]) => v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0),
    ),
  );
}

/** The address parameters of a place (null: not in the address). */
export function addressOf(place: ListPlace, defaults: AddressDefaults): ListAddress {
  const search = searchOnly(place.searchValues);
  return {
    page: place.current > 1 ? String(place.current) : null,
    size: place.pageSize !== defaults.pageSize ? String(place.pageSize) : null,
    q: Object.keys(search).length ? JSON.stringify(search) : null,
    view: place.view !== defaults.views[0] ? place.view : null,
  };
}

/** The place an address asks for; anything malformed or unknown falls back to the default. */
export function placeOf(get: (name: string) => string | null, defaults: AddressDefaults): ListPlace {
  const page = Number(get('page'));
  const size = Number(get('size'));
  let searchValues: Row = {};
  try {
    const parsed: unknown = JSON.parse(get('q') ?? '{}');
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) searchValues = searchOnly(parsed as Row);
  } catch {
    // A hand-edited address: no search rather than an error page.
  }
  const view = get('view');
  return {
    current: Number.isInteger(page) && page > 1 ? page : 1,
    pageSize: PAGE_SIZES.has(size) || size === defaults.pageSize ? size : defaults.pageSize,
    searchValues,
    view: view && defaults.views.includes(view) ? view : defaults.views[0],
  };
}
