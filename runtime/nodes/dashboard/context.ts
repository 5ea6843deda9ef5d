/**
 * What a dashboard shares with its widgets: the filters and their values, the cross filter a
 * chart click sets, the refresh tick, the time zone, and a registry of the drawn charts' canvases
 * (the PNG export reads them). A widget outside a dashboard gets NO_DASHBOARD: no filters.
 */
import { createContext, useContext } from 'react';
import type { CrossFilter, FilterValues } from '../../core/dashboard/query';
import type { DashboardFilter } from '../../core/dashboard/types';

export interface DashboardContextValue {
  filters: readonly DashboardFilter[];
  values: FilterValues;
  cross?: CrossFilter;
  setCross: (cross: CrossFilter | undefined) => void;
  /** Bumped by the refresh button and the auto-refresh timer: every widget asks again. */
  tick: number;
  timeZone?: string;
  /** A drawn chart's canvas, for the PNG export (undefined: the chart is gone). */
  registerCanvas: (key: string, canvas: (() => HTMLCanvasElement | undefined) | undefined) => void;
}

export const NO_DASHBOARD: DashboardContextValue = {
  filters: [],
  values: {},
  setCross: () => undefined,
  tick: 0,
  registerCanvas: () => undefined,
};

export const DashboardContext = createContext<DashboardContextValue>(NO_DASHBOARD);
export const useDashboard = () => useContext(DashboardContext);
