import { describe, expect, it } from 'vitest';
import '../../../runtime/definitions';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import type { DashboardNodeSchema, DataBinding } from '../../../runtime/core/dashboard/types';
import { bindingProblems } from './bindings';
import {
  addJoin,
  addReverseJoin,
  isReverseJoin,
  joinCandidates,
  joinedFields,
  joinProblems,
  removeJoin,
  reverseJoinCandidates,
  reverseJoinValue,
  setJoinFields,
} from './joins';

const SOURCES: SourceTable[] = [
  {
    table: 'sale',
    fields: [
      { key: 'id', kind: 'text' },
      { key: 'amount', kind: 'number' },
      { key: 'customer_id', kind: 'text', widget: 'select', ref: { table: 'customer', key: 'id' } },
      { key: 'owner_id', kind: 'text', widget: 'select', ref: { table: 'staff', key: 'id' } },
    ],
  },
  {
    table: 'customer',
    title: { zh: '客户', en: 'Customer' },
    fields: [
      { key: 'id', kind: 'text' },
      { key: 'name', kind: 'text', widget: 'input', title: { zh: '名称', en: 'Name' } },
      { key: 'level', kind: 'text', widget: 'select', dict: 'customer_level', labelled: true },
      { key: 'credit', kind: 'number', widget: 'number' },
    ],
  },
];

const sale: DataBinding = { table: 'sale', measures: [{ fn: 'sum', key: 'amount' }] };

describe('joins in the query builder', () => {
  it('offers only references to a table among the sources, each once', () => {
    // staff is not among the sources (not readable): its reference is not offered.
    expect(joinCandidates(sale, SOURCES).map((f) => f.key)).toEqual(['customer_id']);
    const joined = addJoin(sale, 'customer_id', SOURCES)!;
    expect(joinCandidates(joined, SOURCES)).toEqual([]);
    expect(addJoin(sale, 'owner_id', SOURCES)).toBeUndefined();
    expect(addJoin(sale, 'amount', SOURCES)).toBeUndefined();
  });

  it('adds a left join through the reference, showing the labelled column, as fields for groups and measures', () => {
    const joined = addJoin(sale, 'customer_id', SOURCES)!;
    expect(joined.leftJoins).toEqual([
      { join: 'customer', as: 'customer_id', on: ['customer_id', 'id'], showFields: ['level'] },
    ]);
    const withCredit = setJoinFields(joined, 'customer_id', ['level', 'credit']);
    const fields = joinedFields(withCredit, SOURCES);
    expect(fields.map((f) => [f.key, f.kind, f.labelled ?? false])).toEqual([
      ['customer_id_level', 'text', true],
      ['customer_id_credit', 'number', false],
    ]);
    expect(fields[1].title).toEqual({ zh: '客户 · credit', en: 'Customer · credit' });
  });

  it('hiding a column or removing the join drops the groups, measures and sorts over it', () => {
    let binding = setJoinFields(addJoin(sale, 'customer_id', SOURCES)!, 'customer_id', ['level', 'credit']);
    binding = {
      ...binding,
      groupBy: ['customer_id_level'],
      measures: [
        { fn: 'sum', key: 'amount' },
        { fn: 'avg', key: 'customer_id_credit' },
      ],
      sort: [{ key: 'avg_customer_id_credit', order: 'desc' }],
    };
    const narrowed = setJoinFields(binding, 'customer_id', ['level']);
    expect(narrowed.groupBy).toEqual(['customer_id_level']);
    expect(narrowed.measures).toEqual([{ fn: 'sum', key: 'amount' }]);
    const removed = removeJoin(binding, 'customer_id');
    expect(removed.leftJoins).toBeUndefined();
    expect(removed.groupBy).toBeUndefined();
    expect(removed.measures).toEqual([{ fn: 'sum', key: 'amount' }]);
  });

  it('marks a join to a table or column that is gone, and never its joined fields as missing from its own table', () => {
    const binding: DataBinding = {
      table: 'sale',
      leftJoins: [{ join: 'customer', as: 'c', on: 'customer_id = id', showFields: ['level', 'region'] }],
      innerJoins: [{ join: 'staff', on: ['owner_id', 'id'], showFields: ['name'] }],
      groupBy: ['c_level'],
    };
    expect(joinProblems(binding, SOURCES)).toEqual(['customer.region', 'staff']);
    const node = {
      type: 'dashboard',
      layouts: { lg: [] },
      children: [{ type: 'chart', key: 'c1', chart: 'bar', data: binding }],
    } as unknown as DashboardNodeSchema;
    expect(bindingProblems(node, SOURCES).get('c1')).toEqual({ fields: ['customer.region', 'staff'] });
    const fine = { ...node, children: [{ ...node.children[0], data: addJoin(sale, 'customer_id', SOURCES)! }] };
    expect(bindingProblems(fine as DashboardNodeSchema, SOURCES).size).toBe(0);
  });

  describe('joins back from another table', () => {
    const customer: DataBinding = { table: 'customer', groupBy: ['level'], measures: [{ fn: 'count', as: 'n' }] };
    // A table whose reference points at customer, but which the admin may not read, is not a source.
    const withHidden: SourceTable[] = [
      ...SOURCES,
      {
        table: 'staff_note',
        fields: [{ key: 'customer_id', kind: 'text', ref: { table: 'customer', key: 'id' } }],
      },
    ];

    it('offers the readable tables whose reference field points at the bound table, each once', () => {
      expect(reverseJoinCandidates(customer, SOURCES).map(reverseJoinValue)).toEqual(['sale.customer_id']);
      expect(reverseJoinCandidates(customer, withHidden.slice(0, 2)).map(reverseJoinValue)).toEqual([
        'sale.customer_id',
      ]);
      // sale's own references point elsewhere: nothing comes back to sale.
      expect(reverseJoinCandidates(sale, SOURCES)).toEqual([]);
      const joined = addReverseJoin(customer, 'sale.customer_id', SOURCES)!;
      expect(reverseJoinCandidates(joined, SOURCES)).toEqual([]);
      expect(addReverseJoin(customer, 'sale.amount', SOURCES)).toBeUndefined();
      expect(addReverseJoin(customer, 'staff_note.customer_id', SOURCES)).toBeUndefined();
    });

    it('joins with `on` the other way round and counts the joined rows instead of the own ones', () => {
      const joined = addReverseJoin(customer, 'sale.customer_id', SOURCES)!;
      expect(joined.leftJoins).toEqual([
        { join: 'sale', as: 'sale_customer_id', on: ['id', 'customer_id'], showFields: ['id'] },
      ]);
      // "Orders per customer": a customer without sales counts 0 (COUNT of the joined id), not 1.
      expect(joined.measures).toEqual([{ fn: 'count', key: 'sale_customer_id_id', as: 'n' }]);
      expect(joined.groupBy).toEqual(['level']);
      expect(isReverseJoin(joined, joined.leftJoins![0], SOURCES)).toBe(true);
      expect(
        isReverseJoin(addJoin(sale, 'customer_id', SOURCES)!, { join: 'customer', on: ['customer_id', 'id'] }, SOURCES),
      ).toBe(false);
      // The joined table's columns are fields for groups and measures; its binding has no problems.
      const withAmount = setJoinFields(joined, 'sale_customer_id', ['id', 'amount']);
      expect(joinedFields(withAmount, SOURCES).map((f) => [f.key, f.kind])).toEqual([
        ['sale_customer_id_id', 'text'],
        ['sale_customer_id_amount', 'number'],
      ]);
      expect(joinProblems(withAmount, SOURCES)).toEqual([]);
      // A binding with its own measures keeps them; removing the join drops the count over it.
      const summed = addReverseJoin(
        { ...customer, measures: [{ fn: 'avg', key: 'credit' }] },
        'sale.customer_id',
        SOURCES,
      )!;
      expect(summed.measures).toEqual([{ fn: 'avg', key: 'credit' }]);
      expect(removeJoin(joined, 'sale_customer_id')).toEqual({ ...customer, measures: [{ fn: 'count' }] });
    });

    it('marks a join back whose reference field is gone', () => {
      const binding: DataBinding = {
        table: 'customer',
        leftJoins: [{ join: 'sale', as: 'orders', on: ['id', 'buyer_id'], showFields: ['id'] }],
      };
      expect(joinProblems(binding, SOURCES)).toEqual(['sale.buyer_id']);
    });
  });
});
