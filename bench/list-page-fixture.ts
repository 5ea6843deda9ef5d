/**
 * Rows and columns shared by the two list-page benchmark pages: 10k customers-like rows, 8 value
 * columns (text, select, number, date, switch), so both pages render the same cells.
 */
export const COLUMNS = [
  { key: 'name', title: '客户名称', type: 'input' },
  { key: 'mobile', title: '手机号', type: 'input' },
  { key: 'level', title: '客户等级', type: 'select' },
  { key: 'industry', title: '所属行业', type: 'select' },
  { key: 'credit_limit', title: '授信额度', type: 'number' },
  { key: 'signed_at', title: '签约日期', type: 'date' },
  { key: 'active', title: '是否启用', type: 'switch' },
  { key: 'remark', title: '备注', type: 'input' },
] as const;

export const LEVELS = [
  { value: 'A', label: '重要客户' },
  { value: 'B', label: '普通客户' },
  { value: 'C', label: '潜在客户' },
];
export const INDUSTRIES = [
  { value: 'manufacturing', label: '制造业' },
  { value: 'retail', label: '零售' },
  { value: 'finance', label: '金融' },
];

const BASE = Date.UTC(2024, 0, 1);

export function benchRows(count: number): Record<string, unknown>[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `r${i}`,
    name: `客户${i}`,
    mobile: `138${String(i).padStart(8, '0')}`,
    level: LEVELS[i % 3].value,
    industry: INDUSTRIES[i % 3].value,
    credit_limit: (i * 37) % 100000,
    signed_at: BASE + (i % 365) * 86_400_000,
    active: i % 2 === 0,
    remark: `备注 ${i}`,
    // Newest first under the default sort, as the baseline shows them in array order.
    create_at: count - i,
  }));
}

export const ROW_COUNT = () => Number(new URLSearchParams(location.search).get('n') ?? 10_000);

declare global {
  interface Window {
    /** performance.now() (ms since navigation) when the first table row was painted. */
    __firstRow?: number;
    /** performance.now() when the page's own code started running (after download and parse). */
    __scriptStart?: number;
  }
}

/** Records when the first body row is in the DOM and a frame has been painted after it. */
export function watchFirstRow(): void {
  window.__scriptStart = performance.now();
  const seen = () => document.querySelector('.ant-table-row');
  const done = () => requestAnimationFrame(() => setTimeout(() => (window.__firstRow ??= performance.now())));
  const observer = new MutationObserver(() => {
    if (!seen()) return;
    observer.disconnect();
    done();
  });
  observer.observe(document.body, { childList: true, subtree: true });
}
