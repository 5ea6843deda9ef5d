import { describe, expect, it } from 'vitest';
import { batchProgress, runQueue, type QueuedFile } from './upload-queue';
import { descendantsOf, folderPath, folderTree } from './tree';

const rows = [
  { id: 'a', name: '合同', parent_id: null },
  { id: 'b', name: '2026', parent_id: 'a' },
  { id: 'c', name: 'Images', parent_id: null },
  { id: 'd', name: 'lost', parent_id: 'gone' },
];

describe('folder tree', () => {
  it('nests folders by parent, sorts by name and hangs orphans at the root', () => {
    expect(folderTree(rows)).toEqual([
      { key: 'c', title: 'Images', children: [] },
      { key: 'd', title: 'lost', children: [] },
      { key: 'a', title: '合同', children: [{ key: 'b', title: '2026', children: [] }] },
    ]);
  });

  it('cuts a parent loop instead of following it', () => {
    const loop = [
      { id: 'x', name: 'x', parent_id: 'y' },
      { id: 'y', name: 'y', parent_id: 'x' },
    ];
    expect(folderTree(loop)).toEqual([]);
    expect(folderPath(loop, 'x').map((row) => row.id)).toEqual(['y', 'x']);
  });

  it('answers the path from the root and the folders a folder may not move into', () => {
    expect(folderPath(rows, 'b').map((row) => row.name)).toEqual(['合同', '2026']);
    expect(folderPath(rows, null)).toEqual([]);
    expect([...descendantsOf(rows, 'a')].sort()).toEqual(['a', 'b']);
  });
});

describe('upload queue', () => {
  it('uploads in order, keeps going past a refusal and reports progress by bytes', async () => {
    const files: QueuedFile[] = [
      { uid: '1', name: 'a.png', size: 300, state: 'waiting' },
      { uid: '2', name: 'b.html', size: 100, state: 'waiting' },
      { uid: '3', name: 'c.pdf', size: 600, state: 'waiting' },
    ];
    const seen: string[] = [];
    await runQueue(
      files,
      async (file) => (file.name.endsWith('.html') ? '文件类型不正确' : undefined),
      (uid, state, error) => {
        seen.push(`${uid}:${state}`);
        const file = files.find((f) => f.uid === uid)!;
        file.state = state;
        file.error = error;
        if (uid === '1' && state === 'done') expect(batchProgress(files).percent).toBe(30);
      },
    );
    expect(seen).toEqual(['1:uploading', '1:done', '2:uploading', '2:error', '3:uploading', '3:done']);
    expect(files[1]!.error).toBe('文件类型不正确');
    expect(batchProgress(files)).toEqual({ percent: 100, done: 2, failed: 1, total: 3 });
  });
});
