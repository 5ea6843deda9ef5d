/** versionHistory: what the module and dashboard history modals show of each version. */
import { describe, expect, it } from 'vitest';
import { versionHistory, type VersionRow } from './versions';

const row = (over: Partial<VersionRow>): VersionRow => ({
  id: 'v1',
  version: 1,
  author: 'u1',
  author_name: 'Admin',
  created_at: Date.UTC(2026, 10, 26, 9, 5, 7, 450),
  provenance: 'designer',
  hash: 'h',
  ai_generated: false,
  diff: null,
  schema: { big: true },
  ...over,
});

describe('versionHistory', () => {
  it('keeps number, author, instant and provenance, drops the schema, and says the time in UTC', () => {
    expect(versionHistory([row({}), row({ id: 'v0', version: 0, provenance: 'import', author_name: null })])).toEqual([
      {
        id: 'v1',
        version: 1,
        author_name: 'Admin',
        created_at: Date.UTC(2026, 10, 26, 9, 5, 7, 450),
        time: '2026-11-26 09:05:07 UTC',
        provenance: 'designer',
      },
      {
        id: 'v0',
        version: 0,
        author_name: null,
        created_at: Date.UTC(2026, 10, 26, 9, 5, 7, 450),
        time: '2026-11-26 09:05:07 UTC',
        provenance: 'import',
      },
    ]);
  });
});
