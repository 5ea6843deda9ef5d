import { describe, expect, it } from 'vitest';
import { conductChecked } from './conduct';

const tree = [
  { value: 'sys', children: [{ value: 'user' }, { value: 'role' }, { value: 'new' }] },
  { value: 'crm', children: [{ value: 'cust' }, { value: 'order' }] },
];

describe('conductChecked (what a checkable tree shows as ticked)', () => {
  it('a ticked folder ticks a child added later; the value grows by that child', () => {
    expect(conductChecked(tree, ['sys', 'user', 'role', 'cust'], 'SHOW_ALL')).toEqual([
      'sys',
      'user',
      'role',
      'cust',
      'new',
    ]);
  });
  it('a folder whose children are all ticked is ticked itself', () => {
    expect(conductChecked(tree, ['cust', 'order'], 'SHOW_ALL')).toEqual(['cust', 'order', 'crm']);
  });
  it('a half-ticked folder stays out and an already conducted value is returned unchanged', () => {
    expect(conductChecked(tree, ['user', 'cust', 'order', 'crm'], 'SHOW_ALL')).toEqual([
      'user',
      'cust',
      'order',
      'crm',
    ]);
  });
  it('values the tree does not know are kept; the other strategies keep leaves or top folders', () => {
    expect(conductChecked(tree, ['gone', 'sys'], 'SHOW_ALL')).toEqual(['gone', 'sys', 'user', 'role', 'new']);
    expect(conductChecked(tree, ['sys'], 'SHOW_CHILD')).toEqual(['user', 'role', 'new']);
    expect(conductChecked(tree, ['user', 'role', 'new'], 'SHOW_PARENT')).toEqual(['sys']);
  });
});
