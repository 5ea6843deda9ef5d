/** Export cell formatting (server/common/export/format.ts), without a database. */
import { describe, expect, it } from 'vitest';
import { cellFormatter, safeText } from '../../server/common/export/format';
import type { ColumnInfo } from '../../server/modules/table-info';

const col = (type: ColumnInfo['type']): ColumnInfo => ({ name: 'f', type, writable: true });
const base = { options: undefined, lang: 'zh' as const };
const at = new Date(2024, 0, 2, 3, 4, 5).getTime();

describe('cellFormatter', () => {
  it('formats dates by widget: date, date with time, custom format, timestamp, ranges', () => {
    const date = cellFormatter({ ...base, column: col('long'), field: { key: 'f', title: 'f', type: 'date' } });
    expect(date(at)).toBe('2024-01-02');
    expect(date(String(at))).toBe('2024-01-02');
    expect(date(`${at},${at + 86400000}`)).toBe('2024-01-02 ~ 2024-01-03');
    const withTime = cellFormatter({
      ...base,
      column: col('long'),
      field: { key: 'f', title: 'f', type: 'date', props: { showTime: true } } as never,
    });
    expect(withTime(at)).toBe('2024-01-02 03:04:05');
    const custom = cellFormatter({
      ...base,
      column: col('long'),
      field: { key: 'f', title: 'f', type: 'date', props: { format: 'YYYY/MM' } } as never,
    });
    expect(custom(at)).toBe('2024/01');
    const stamp = cellFormatter({ ...base, column: col('long'), field: { key: 'f', title: 'f', type: 'timestamp' } });
    expect(stamp(at)).toBe('2024-01-02 03:04:05');
    expect(cellFormatter({ ...base, column: col('time'), field: undefined })(at)).toBe('2024-01-02 03:04:05');
  });

  it('writes labels (each part of a multi-value), booleans, numbers and empty cells', () => {
    const options = [
      { value: 'a', label: '甲' },
      { value: 'b', label: '=乙' },
    ];
    const multi = cellFormatter({
      ...base,
      options,
      column: col('string'),
      field: { key: 'f', title: 'f', type: 'select-multi' },
    });
    expect(multi('a,b,zz')).toBe('甲, =乙, zz');
    const single = cellFormatter({
      ...base,
      options,
      column: col('string'),
      field: { key: 'f', title: 'f', type: 'select' },
    });
    expect(single('b')).toBe("'=乙");
    const flag = cellFormatter({ ...base, column: col('boolean'), field: undefined });
    expect([flag(1), flag(0), flag(true), flag(null)]).toEqual(['是', '否', '是', null]);
    const number = cellFormatter({ ...base, column: col('double'), field: undefined });
    expect([number(-2.5), number('7'), number('')]).toEqual([-2.5, 7, null]);
  });

  it('applies the list page config’s column format: numbers and dates as the list reads them, text uncut', () => {
    const money = cellFormatter({
      ...base,
      column: col('double'),
      field: {
        key: 'f',
        title: 'f',
        type: 'number',
        column: { format: { thousands: true, precision: 2, currency: '¥' } },
      },
    });
    expect([money(1234567.891), money(null)]).toEqual(['¥1,234,567.89', null]);
    const day = cellFormatter({
      ...base,
      column: col('long'),
      field: { key: 'f', title: 'f', type: 'date', column: { format: { pattern: 'YYYY年MM月DD日' } } },
    });
    expect(day(at)).toBe('2024年01月02日');
    const note = cellFormatter({
      ...base,
      column: col('text'),
      field: { key: 'f', title: 'f', type: 'textarea', column: { format: { ellipsis: 2 } } },
    });
    expect(note('=一二三四')).toBe("'=一二三四");
  });

  it('guards formula starts and drops characters XML cannot hold', () => {
    expect(['=1', '+1', '-1', '@x', '\tx', '\rx', 'ok', ' =1'].map(safeText)).toEqual([
      "'=1",
      "'+1",
      "'-1",
      "'@x",
      "'\tx",
      "'\rx",
      'ok',
      ' =1',
    ]);
    expect(safeText('a\u0000b\u0007c\uFFFE')).toBe('abc');
    expect(safeText('\u0000=1')).toBe("'=1");
  });
});
