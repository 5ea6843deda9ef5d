import { describe, expect, it } from 'vitest';
import { countingIds, sampleDocument } from './test-fixtures/sample';
import { childrenOf, linkageCycles, loadDocument, ROOT_ID, runCommand, validateDocument } from './index';

describe('validation bridge', () => {
  it('maps each issue to the node its pointer falls in', () => {
    const loaded = loadDocument({
      schemaVersion: 2,
      type: 'page',
      body: [
        {
          type: 'form',
          dataSource: { kind: 'STATIC', data: [] },
          fields: [
            { id: 'f_a', key: 'a', title: 'A', type: 'input', colour: 'red' },
            { type: 'grid', children: [{ id: 'f_b', key: 'b', title: 'B', type: 'number', props: { colour: 1 } }] },
          ],
        },
      ],
    });
    if (!loaded.ok) throw new Error('not loaded');
    const { issues, byNode } = validateDocument(loaded.doc);
    expect(issues.map((issue) => [issue.nodeId, issue.code])).toEqual([
      ['f_a', 'schema.additionalProperty'],
      ['f_b', 'schema.additionalProperty'],
    ]);
    expect(byNode.get('f_b')![0].pointer).toBe('/body/0/fields/1/children/0/props/colour');
  });

  it('runs the cross-references once the meta-schema passes, and a page-level issue lands on the page', () => {
    const doc = sampleDocument();
    const [form] = childrenOf(doc, ROOT_ID);
    // two fields with one key: only possible by editing the JSON, the commands refuse it
    const edited = runCommand(
      doc,
      { type: 'updateSettings', id: 'f_amount', values: { title__zh: '金额二' } },
      countingIds(),
    );
    if (!edited.ok) throw new Error('refused');
    const schema = structuredClone(edited.doc.schema) as unknown as { body: { fields: { key?: string }[] }[] };
    schema.body[0].fields[0].key = 'amount';
    const loaded = loadDocument(schema);
    if (!loaded.ok) throw new Error('not loaded');
    const { issues } = validateDocument(loaded.doc);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ code: 'schema.duplicateKey', nodeId: 'f_amount' });
    expect(childrenOf(loaded.doc, ROOT_ID)[0]).toBe(form);
    const bare = loadDocument({ schemaVersion: 2, type: 'page', body: [], extra: 1 });
    if (!bare.ok) throw new Error('not loaded');
    expect(validateDocument(bare.doc).issues[0]).toMatchObject({ nodeId: ROOT_ID, code: 'schema.additionalProperty' });
  });
});

describe('linkage cycles', () => {
  const page = (fields: Record<string, unknown>[]) => {
    const loaded = loadDocument({
      schemaVersion: 2,
      type: 'page',
      body: [{ type: 'form', dataSource: { kind: 'STATIC', data: [] }, fields }],
    });
    if (!loaded.ok) throw new Error('not loaded');
    return loaded.doc;
  };
  const field = (key: string, extra: Record<string, unknown> = {}) => ({
    id: `f_${key}`,
    key,
    title: key,
    type: 'select',
    ...extra,
  });

  it('names every field of a cycle (A sets B sets A), on the field, in both languages', () => {
    const doc = page([field('a', { linkageKeys: ['b'] }), field('b', { linkageKeys: ['a'] }), field('c')]);
    expect(linkageCycles(doc)).toEqual([{ ids: ['f_a', 'f_b'], keys: ['a', 'b'] }]);
    const { issues } = validateDocument(doc);
    expect(issues.map((issue) => [issue.nodeId, issue.code, issue.pointer])).toEqual([
      ['f_a', 'designer.linkageCycle', '/body/0/fields/0/linkageKeys'],
      ['f_b', 'designer.linkageCycle', '/body/0/fields/1/linkageKeys'],
    ]);
    expect(issues[0].message.en).toBe('The linkage goes round in a circle: a → b → a. Remove one of its links');
    expect(issues[0].message.zh).toBe('联动形成了循环：a → b → a，请去掉其中一个联动');
  });

  it('finds a cycle through a dictApi placeholder, and none in a chain', () => {
    const looped = page([
      field('province', { linkageKeys: ['city'] }),
      field('city', { linkageKeys: ['district'] }),
      field('district', { dictApi: { url: 'dict/d' }, linkageKeys: [] }),
      field('x', { dictApi: { url: 'dict/x', params: { y: '{{y}}' } } }),
      field('y', { dictApi: { url: 'dict/y', params: { x: '{{x}}' } } }),
    ]);
    expect(linkageCycles(looped).map((cycle) => cycle.keys)).toEqual([['x', 'y']]);
    const chain = page([field('p', { linkageKeys: ['q'] }), field('q', { linkageKeys: ['r'] }), field('r')]);
    expect(linkageCycles(chain)).toEqual([]);
    expect(validateDocument(chain).issues).toEqual([]);
  });
});
