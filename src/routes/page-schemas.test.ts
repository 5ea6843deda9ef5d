import { describe, expect, it } from 'vitest';
import { pageFor } from './pages';
import { loadPageSchema, schemaRoutes } from './page-schemas';

describe('shipped page schemas as routes', () => {
  it('serves the system admin pages from their schema files', async () => {
    for (const route of ['role', 'menu', 'dept', 'user']) expect(schemaRoutes.has(route)).toBe(true);
    const role = await loadPageSchema('role');
    expect(role.type).toBe('page');
    expect(pageFor('menu', schemaRoutes)).toEqual({ kind: 'schema', name: 'system/menu' });
  });

  it('leaves the widget gallery (an e2e fixture) out: no route, nothing to load', async () => {
    expect([...schemaRoutes].filter((r) => r.includes('gallery'))).toEqual([]);
    expect(pageFor('gallery.page', schemaRoutes)).toEqual({ kind: 'unknown' });
    await expect(loadPageSchema('gallery.page')).rejects.toThrow('no page schema for gallery.page');
  });
});
