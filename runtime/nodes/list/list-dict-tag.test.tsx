// @vitest-environment happy-dom
/**
 * A dictionary item's tag colour (docs/dict.md): the table cell of a value whose item has `tag`
 * shows its label in an antd Tag of that colour; items without one, and unsafe colour text, stay
 * plain text.
 */
import '../../../tests/dom-setup';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ApiResult, RequestOptions } from '../../../protocol/http';
import type { PageSchema } from '../../../protocol/page-schema';
import { tagColourOf } from './ListTable';
import { renderPage } from './test-harness';

const schema = {
  schemaVersion: 2,
  type: 'page',
  body: [
    {
      type: 'list',
      key: 'tickets',
      dataSource: { kind: 'COMMON', api: 'common/ticket' },
      fields: [
        { id: 'f_name', key: 'name', title: { zh: '名称', en: 'Name' }, type: 'input' },
        {
          id: 'f_state',
          key: 'state',
          title: { zh: '状态', en: 'State' },
          type: 'select',
          dictApi: { url: 'dict/ticket_state' },
        },
      ],
    },
  ],
} as unknown as PageSchema;

const ITEMS = [
  { value: 'open', label: '处理中', tag: 'blue' },
  { value: 'closed', label: '已关闭' },
  { value: 'odd', label: '奇怪', tag: 'red;background:url(x)' },
];

function intercept(call: RequestOptions): ApiResult | undefined {
  if (call.method === 'GET' && call.url === 'dict/ticket_state') return { code: 200, message: 'success', data: ITEMS };
  if (call.method === 'POST' && call.url === 'common/ticket/list') {
    const list = [
      { id: '1', name: '甲', state: 'open' },
      { id: '2', name: '乙', state: 'closed' },
      { id: '3', name: '丙', state: 'odd' },
    ];
    return { code: 200, message: 'success', data: { list, total: list.length } };
  }
  return undefined;
}

describe('dictionary tag colours in table cells', () => {
  it('shows a tagged item as a coloured Tag and the others as text', async () => {
    renderPage({ schema, intercept });
    const open = await screen.findByText('处理中');
    expect(open.closest('.ant-tag')?.className).toMatch(/ant-tag-blue/);
    expect((await screen.findByText('已关闭')).closest('.ant-tag')).toBeNull();
    expect((await screen.findByText('奇怪')).closest('.ant-tag')).toBeNull();
  });

  it('finds the colour in a tree dictionary and only for a single value', () => {
    const tree = [{ value: 'a', label: 'A', children: [{ value: 'b', label: 'B', tag: '#1677ff' }] }];
    expect(tagColourOf(tree, 'b')).toBe('#1677ff');
    expect(tagColourOf(tree, 'a')).toBeUndefined();
    expect(tagColourOf(tree, ['b'])).toBeUndefined();
    expect(tagColourOf(undefined, 'b')).toBeUndefined();
  });
});
