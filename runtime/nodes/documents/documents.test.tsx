// @vitest-environment jsdom
// jsdom, not happy-dom: the sanitizer needs a spec-compliant HTML parser (see core/sanitize).
import '../../../tests/dom-setup';
import { describe, expect, it } from 'vitest';
import { render, waitFor } from '@testing-library/react';
import type { RequestFn } from '../../../protocol/http';
import type { DocumentEntry } from './api';
import { MarkdownView, viewHtml } from './MarkdownView';
import { buildTree, subtreeIds } from './tree';

const entry = (id: string, parent_id: string | null): DocumentEntry => ({
  id,
  parent_id,
  title: id,
  sort: 0,
  is_readme: false,
  is_public: true,
  update_at: 0,
});

describe('document view', () => {
  it('sanitizes again and parks our file API images until they are fetched with the session', () => {
    const html = viewHtml(
      '<p><img src="api/files/download/0123456789abcdef0123456789abcdef" onerror="alert(1)"><script>alert(2)</script>' +
        '<a href="javascript:alert(3)">x</a><img src="https://example.com/a.png"></p>',
    );
    const box = document.createElement('div');
    box.innerHTML = html;
    const [ours, theirs] = box.querySelectorAll('img');
    expect(ours!.getAttribute('src')).toBeNull();
    expect(ours!.getAttribute('data-tessera-file')).toBe('files/download/0123456789abcdef0123456789abcdef');
    expect(ours!.getAttribute('onerror')).toBeNull();
    expect(theirs!.getAttribute('src')).toBe('https://example.com/a.png');
    expect(box.querySelector('script')).toBeNull();
    expect(box.querySelector('a')!.getAttribute('href')).toBeNull();
  });

  it('loads a parked image as an object URL through the runtime request', async () => {
    const asked: unknown[] = [];
    const request = (async (options: unknown) => {
      asked.push(options);
      return { code: '200', message: '', data: new Blob(['png'], { type: 'image/png' }) };
    }) as RequestFn;
    const { container } = render(
      <MarkdownView html='<img src="api/files/download/0123456789abcdef0123456789abcdef">' request={request} />,
    );
    await waitFor(() => expect(container.querySelector('img')!.getAttribute('src')).toMatch(/^blob:/));
    expect(asked).toEqual([
      { method: 'GET', url: 'files/download/0123456789abcdef0123456789abcdef', responseType: 'blob' },
    ]);
  });
});

describe('document tree', () => {
  it('nests by parent and puts a document whose parent is not listed at the root', () => {
    const tree = buildTree([entry('a', null), entry('b', 'a'), entry('c', 'hidden'), entry('d', 'b')]);
    expect(tree.map((n) => n.key)).toEqual(['a', 'c']);
    expect(tree[0]!.children[0]!.children.map((n) => n.key)).toEqual(['d']);
  });

  it('finds a document and everything below it (the parent picker leaves them out)', () => {
    const list = [entry('a', null), entry('b', 'a'), entry('d', 'b'), entry('e', null)];
    expect([...subtreeIds(list, 'a')].sort()).toEqual(['a', 'b', 'd']);
  });
});
