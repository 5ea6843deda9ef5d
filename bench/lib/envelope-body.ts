/** The JSON bodies the envelope benchmarks send: customer-like rows (CJK, emoji, numbers) of a given size. */
export function makeBody(targetBytes: number): string {
  const rows: Record<string, unknown>[] = [];
  let i = 0;
  while (JSON.stringify({ rows }).length < targetBytes) {
    rows.push({ id: `c${i}`, name: `客户${i} 🚀`, city: 'Shanghai 上海', amount: i * 3.25, active: i % 2 === 0 });
    i++;
  }
  rows.pop();
  return JSON.stringify({ rows, pad: 'x'.repeat(Math.max(0, targetBytes - JSON.stringify({ rows, pad: '' }).length)) });
}
