/**
 * The dashboard schema (issue 15 item 2; docs/dashboards.md "The dashboard schema"): a `dashboard`
 * page node holds a grid layout per breakpoint and its widget nodes (`chart`, `stat`, `table`,
 * `markdown`, `frame`). A widget's data binding is the aggregate contract (protocol/aggregate-query.ts)
 * plus the table it reads. Headless: the designer, the server's validation and the tests read it.
 */
import type { AggregateQuery, GroupBySpec, MeasureSpec } from '../../../protocol/aggregate-query';
import type { FieldDefinition, Text } from '../../../protocol/page-schema';

/** Breakpoints, widest first: lg ≥ 1200 px, md ≥ 768 px (a tablet), sm below (one column). */
export const BREAKPOINTS = ['lg', 'md', 'sm'] as const;
export type Breakpoint = (typeof BREAKPOINTS)[number];
export const BREAKPOINT_MIN_WIDTH: Record<Breakpoint, number> = { lg: 1200, md: 768, sm: 0 };
/** Grid columns of each breakpoint (react-grid-layout's `cols`, so the designer reads the same layout). */
export const BREAKPOINT_COLUMNS: Record<Breakpoint, number> = { lg: 12, md: 8, sm: 1 };

/** One widget's place: react-grid-layout's item ({ i, x, y, w, h }), `i` the widget's key. */
export interface GridItem {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A data binding: the table, and the aggregate query over it (filters, joins, groups, measures). */
export interface DataBinding extends AggregateQuery {
  table: string;
}

/** How a measure's number reads (the stat card, axis labels, tooltips). */
export interface MeasureFormat {
  precision?: number;
  /** Thousands separators (default true). */
  thousands?: boolean;
  /** Multiply by 100 and add % (a ratio stored as 0.25). */
  percent?: boolean;
  /** Appended after the number: "元", " km". */
  unit?: Text;
  /** Abbreviate: 12,300 → 1.23万 (zh) / 12.3K (en). */
  compact?: boolean;
}

export const CHART_KINDS = ['line', 'area', 'bar', 'pie', 'scatter', 'funnel', 'gauge', 'radar', 'dualAxis'] as const;
export type ChartKind = (typeof CHART_KINDS)[number];

export const CHART_CLICKS = ['none', 'filter', 'list'] as const;
export type ChartClick = (typeof CHART_CLICKS)[number];

interface WidgetBase {
  key: string;
  title?: Text;
}

export interface ChartWidget extends WidgetBase {
  type: 'chart';
  chart: ChartKind;
  data: DataBinding;
  props?: {
    /** bar / area: stack the series of a second group. */
    stacked?: boolean;
    /** bar: bars run left to right. */
    horizontal?: boolean;
    /** pie: a ring. */
    donut?: boolean;
    /** gauge: the scale's end (default the value rounded up). */
    max?: number;
    /** Per measure (by output name): its legend title. */
    measureTitles?: Record<string, Text>;
    format?: MeasureFormat;
    /**
     * What a click on a bar / slice / point does (./click.ts): filter the dashboard's other widgets
     * on the same table (the default), open the list page of module `listModule` narrowed to the
     * clicked group, or nothing.
     */
    onClick?: ChartClick;
    /** The module (its id: the `common/{id}` route) whose list a click opens. */
    listModule?: string;
    /** Older switch for the same: false = onClick "none" (kept for dashboards saved with it). */
    clickFilter?: boolean;
  };
  /** Dashboard filter key → this widget's own field for it, or null: not filtered by it. */
  filterFields?: Record<string, string | null>;
}

export interface StatWidget extends WidgetBase {
  type: 'stat';
  data: DataBinding;
  props?: {
    format?: MeasureFormat;
    /** Compare with the period of the same length before the dashboard's date filter (default true). */
    compare?: boolean;
    /** A sparkline of the first measure by this date field and bucket. */
    trend?: { key: string; bucket: GroupBySpec['bucket'] };
  };
  filterFields?: Record<string, string | null>;
}

export interface TableWidget extends WidgetBase {
  type: 'dataTable';
  /** The table read (the list contract through the common API, paged). */
  table: string;
  fields: FieldDefinition[];
  props?: { pageSize?: number; sorts?: { key: string; order: 'asc' | 'desc' }[] };
  filterFields?: Record<string, string | null>;
}

export interface MarkdownWidget extends WidgetBase {
  type: 'textBlock';
  /** Markdown in each language (rendered with markdown-it, then sanitized). */
  content: Text;
}

export interface FrameWidget extends WidgetBase {
  type: 'frame';
  /** http(s) only; the frame is sandboxed (scripts, no same-origin). */
  url: string;
}

export type DashboardWidget = ChartWidget | StatWidget | TableWidget | MarkdownWidget | FrameWidget;
export const WIDGET_TYPES = ['chart', 'stat', 'dataTable', 'textBlock', 'frame'] as const;

export type DashboardFilter =
  | {
      key: string;
      kind: 'dateRange';
      /** The field it narrows in every widget bound to `tables` (a widget may name its own). */
      field: string;
      title?: Text;
      /** Which tables' widgets it applies to; default every widget that reads data. */
      tables?: string[];
      /** The range when the dashboard opens: the last N days ending today, or none. */
      defaultDays?: number;
    }
  | {
      key: string;
      kind: 'dict';
      field: string;
      title?: Text;
      tables?: string[];
      /** The dictionary (dict_code) whose items are offered. */
      dict: string;
      multiple?: boolean;
    };

export interface DashboardNodeSchema {
  type: 'dashboard';
  key?: string;
  title?: Text;
  props?: {
    /** Auto-refresh every N seconds (0 or absent: off; at least 10). */
    refresh?: number;
    /** IANA zone the date buckets are cut in, so every viewer sees the same months. */
    timeZone?: string;
    /** Height of one grid row, px (default 80). */
    rowHeight?: number;
  };
  filters?: DashboardFilter[];
  /** Positions per breakpoint; a breakpoint without one uses the next wider's, sm stacks widgets. */
  layouts: Partial<Record<Breakpoint, GridItem[]>>;
  children: DashboardWidget[];
}

export type { GroupBySpec, MeasureSpec };
