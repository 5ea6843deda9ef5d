import { describe, expect, it } from 'vitest';
import { departmentsUnder, parseDataLimit } from './scope';

describe('data scope', () => {
  it('walks the department tree below the given roots, tolerating cycles', () => {
    const depts = [
      { id: 'A', parent_id: null },
      { id: 'A1', parent_id: 'A' },
      { id: 'A1x', parent_id: 'A1' },
      { id: 'B', parent_id: null },
      { id: 'C1', parent_id: 'C2' },
      { id: 'C2', parent_id: 'C1' },
    ];
    expect(departmentsUnder(depts, ['A']).sort()).toEqual(['A', 'A1', 'A1x']);
    expect(departmentsUnder(depts, ['A1x'])).toEqual(['A1x']);
    expect(departmentsUnder(depts, ['C1']).sort()).toEqual(['C1', 'C2']);
  });

  it('parses the three keys; 0 or absent is no limit; anything else is refused', () => {
    expect(parseDataLimit({})).toBeUndefined();
    expect(parseDataLimit({ dataLimitType: 0 })).toBeUndefined();
    expect(parseDataLimit({ dataLimitType: '3', dataLimitUnRoleIds: 'r1, r2', dataLimitUnDepeAdmin: 1 })).toEqual({
      type: 3,
      exemptRoleIds: ['r1', 'r2'],
      exemptAdmin: true,
    });
    expect(() => parseDataLimit({ dataLimitType: 9 })).toThrow();
    expect(() => parseDataLimit({ dataLimitType: 2, dataLimitUnRoleIds: ["r' or 1=1"] })).toThrow();
  });
});
