// @vitest-environment happy-dom
/**
 * The query builder's joins in a DOM: 添加关联表 offers the reference fields whose table is among
 * the sources, adds a left join through one, and the joined table's columns become fields the
 * groups can use; removing the join drops the group over it. A table whose reference points at the
 * widget's table is offered as a join back.
 */
import '../../../tests/dom-setup';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { SourceTable } from '../../../protocol/dashboard-sources';
import type { DataBinding } from '../../../runtime/core/dashboard/types';
import { RuntimeProvider } from '../../../runtime/react/context';
import { createRuntimeValue } from '../../../runtime/react/create-runtime';
import '../../../runtime/definitions';
import { QueryBuilder } from './QueryBuilder';

const SOURCES: SourceTable[] = [
  {
    table: 'sale',
    title: '销售',
    fields: [
      { key: 'id', kind: 'text' },
      { key: 'amount', kind: 'number', title: '金额' },
      { key: 'customer_id', kind: 'text', title: '客户', ref: { table: 'customer', key: 'id' } },
    ],
  },
  {
    table: 'customer',
    title: '客户',
    fields: [
      { key: 'id', kind: 'text' },
      { key: 'level', kind: 'text', title: '客户等级', dict: 'customer_level', labelled: true },
    ],
  },
];

function Harness({ seen, start }: { seen: DataBinding[]; start?: DataBinding }) {
  const [binding, setBinding] = useState<DataBinding>(start ?? { table: 'sale', measures: [{ fn: 'count' }] });
  return (
    <QueryBuilder
      binding={binding}
      groups
      sources={SOURCES}
      onBlur={() => undefined}
      onChange={(next) => {
        seen.push(next);
        setBinding(next);
      }}
    />
  );
}

const optionTexts = () => [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent);

describe('joins in the query builder', () => {
  it('joins through a reference field; its columns group the chart; removing it drops the group', async () => {
    const seen: DataBinding[] = [];
    const runtime = createRuntimeValue({ request: (async () => ({}) as never) as never, lang: 'zh' });
    render(
      <RuntimeProvider value={runtime}>
        <Harness seen={seen} />
      </RuntimeProvider>,
    );
    const joins = screen.getByTestId('qb-joins');
    fireEvent.mouseDown(within(joins).getByRole('combobox'));
    fireEvent.click(await screen.findByText('客户 · customer_id → 客户'));
    await waitFor(() => expect(screen.getByTestId('qb-join-customer_id')).toBeTruthy());
    expect(seen.at(-1)!.leftJoins).toEqual([
      { join: 'customer', as: 'customer_id', on: ['customer_id', 'id'], showFields: ['level'] },
    ]);
    expect(screen.getByText('经 客户 · customer_id 关联 客户')).toBeTruthy();

    // 添加分组 picks the first labelled field: the joined level.
    fireEvent.click(screen.getByRole('button', { name: /添加分组/ }));
    await waitFor(() => expect(seen.at(-1)!.groupBy).toEqual(['customer_id_level']));
    fireEvent.mouseDown(within(screen.getByTestId('qb-group-0')).getByRole('combobox'));
    await waitFor(() => expect(optionTexts()).toContain('客户 · 客户等级 · customer_id_level'));

    fireEvent.click(within(screen.getByTestId('qb-join-customer_id')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(seen.at(-1)!.leftJoins).toBeUndefined());
    expect(seen.at(-1)!.groupBy).toBeUndefined();
  });

  it('joins back from a table whose reference points here: counts its rows per group of the own table', async () => {
    const seen: DataBinding[] = [];
    const runtime = createRuntimeValue({ request: (async () => ({}) as never) as never, lang: 'zh' });
    render(
      <RuntimeProvider value={runtime}>
        <Harness seen={seen} start={{ table: 'customer', groupBy: ['level'], measures: [{ fn: 'count' }] }} />
      </RuntimeProvider>,
    );
    const joins = screen.getByTestId('qb-joins');
    fireEvent.mouseDown(within(joins).getByRole('combobox'));
    // customer has no reference of its own: the only offer is sale's reference back to it.
    await waitFor(() => expect(optionTexts()).toEqual(['销售（其 客户 · customer_id 指向本表）']));
    fireEvent.click(screen.getByText('销售（其 客户 · customer_id 指向本表）'));
    await waitFor(() => expect(screen.getByTestId('qb-join-sale_customer_id')).toBeTruthy());
    expect(seen.at(-1)).toEqual({
      table: 'customer',
      groupBy: ['level'],
      leftJoins: [{ join: 'sale', as: 'sale_customer_id', on: ['id', 'customer_id'], showFields: ['id'] }],
      measures: [{ fn: 'count', key: 'sale_customer_id_id' }],
    });
    expect(screen.getByTestId('join-back-hint').textContent).toContain('请统计销售的列');

    // Its amount becomes a field a measure can sum.
    const columns = within(screen.getByTestId('qb-join-sale_customer_id')).getByRole('combobox');
    fireEvent.mouseDown(columns);
    fireEvent.click(await screen.findByText('金额 · amount'));
    await waitFor(() => expect(seen.at(-1)!.leftJoins![0].showFields).toEqual(['id', 'amount']));

    fireEvent.click(within(screen.getByTestId('qb-join-sale_customer_id')).getByRole('button', { name: '删除' }));
    await waitFor(() => expect(seen.at(-1)!.leftJoins).toBeUndefined());
    expect(seen.at(-1)!.measures).toEqual([{ fn: 'count' }]);
  });
});
