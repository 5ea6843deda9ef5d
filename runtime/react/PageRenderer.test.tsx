// @vitest-environment happy-dom
import '../../tests/dom-setup';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { PageSchema } from '../../protocol/page-schema';
import { defineNode } from '../core/registry';
import { createMemoryRequest } from '../core/data/memory-request';
import { bindNode } from './bindings';
import { RuntimeProvider } from './context';
import { createRuntimeValue } from './create-runtime';
import { PageRenderer } from './PageRenderer';
// The shell binds node components (src/runtime-bindings.ts); the adapter imports none itself.
import '../nodes/components';

defineNode({ type: 'testHello', schema: { type: 'object' } });
defineNode({ type: 'testBoom', schema: { type: 'object' } });
bindNode('testHello', ({ node }: { node: { text: string } }) => <p>hello {node.text}</p>);
bindNode('testBoom', () => {
  throw new Error('kaboom');
});

function show(schema: PageSchema, lang: 'zh' | 'en' = 'zh') {
  const runtime = createRuntimeValue({ request: createMemoryRequest({ tables: {} }).request, lang });
  return render(
    <RuntimeProvider value={runtime}>
      <PageRenderer schema={schema} showTitle />
    </RuntimeProvider>,
  );
}

describe('<PageRenderer>', () => {
  it('renders each body node with the component bound to its type', () => {
    show({
      schemaVersion: 1,
      type: 'page',
      title: { zh: '页面', en: 'Page' },
      body: [
        { type: 'testHello', text: 'a' },
        { type: 'testHello', text: 'b' },
      ],
    });
    expect(screen.getByText('页面')).toBeTruthy();
    expect(screen.getByText('hello a')).toBeTruthy();
    expect(screen.getByText('hello b')).toBeTruthy();
  });

  it('shows an error box for an unknown type and keeps rendering the rest', () => {
    show(
      { schemaVersion: 1, type: 'page', body: [{ type: 'noSuchNode' }, { type: 'testHello', text: 'still here' }] },
      'en',
    );
    expect(screen.getByRole('alert').textContent).toContain('Unknown component type: noSuchNode');
    expect(screen.getByText('hello still here')).toBeTruthy();
  });

  it('contains a node that throws while rendering', () => {
    const original = console.error;
    console.error = () => {}; // React logs the caught error; the box is what we assert
    try {
      show({ schemaVersion: 1, type: 'page', body: [{ type: 'testBoom' }, { type: 'testHello', text: 'ok' }] });
    } finally {
      console.error = original;
    }
    expect(screen.getByRole('alert').textContent).toContain('该区域渲染失败：kaboom');
    expect(screen.getByText('hello ok')).toBeTruthy();
  });

  it('renders the list and form nodes the barrel binds', async () => {
    const { getNodeComponent } = await import('./bindings');
    expect(getNodeComponent('list')).toBeTypeOf('function');
    expect(getNodeComponent('form')).toBeTypeOf('function');
  });

  it('does not crash on a body that is not an array or a node without a type', () => {
    show({ schemaVersion: 1, type: 'page', body: [null as never] });
    expect(screen.getByRole('alert').textContent).toContain('未知的组件类型：undefined');
    show({ schemaVersion: 1, type: 'page', body: 'x' as never });
  });
});
