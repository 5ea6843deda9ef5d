import { describe, expect, it } from 'vitest';
import { sampleDocument } from './test-fixtures/sample';
import {
  childrenOf,
  kindOfNode,
  loadDocument,
  nodeAtPointer,
  nodeOf,
  outline,
  parentOf,
  pathOf,
  pointerOfNode,
  ROOT_ID,
} from './index';

describe('document model', () => {
  const doc = sampleDocument();
  const [form, list, outer] = childrenOf(doc, ROOT_ID);

  it('gives fields their own ids and every other node a designer id', () => {
    expect(childrenOf(doc, form)).toHaveLength(4);
    expect(childrenOf(doc, list)).toEqual(['f_title', 'f_name_list']);
    expect(nodeOf(doc, 'f_amount')).toMatchObject({ key: 'amount', type: 'number' });
    expect(kindOfNode(doc, ROOT_ID)).toBe('page');
    expect(kindOfNode(doc, form)).toBe('node');
    expect(kindOfNode(doc, 'f_note')).toBe('field');
    const [, , tabs] = childrenOf(doc, form);
    expect(childrenOf(doc, tabs).map((id) => kindOfNode(doc, id))).toEqual(['pane', 'pane']);
    expect(nodeOf(doc, outer)).toMatchObject({ key: 'outer' });
  });

  it('answers parent, path and JSON pointer of a node, and the node a pointer falls in', () => {
    const [, grid, tabs] = childrenOf(doc, form);
    const [paneOne] = childrenOf(doc, tabs);
    expect(parentOf(doc, 'f_amount')).toBe(grid);
    expect(parentOf(doc, ROOT_ID)).toBeNull();
    expect(pathOf(doc, 'f_note')).toEqual([ROOT_ID, form, tabs, paneOne, 'f_note']);
    expect(pointerOfNode(doc, 'f_note')).toBe('/body/0/fields/2/children/0/children/0');
    expect(pointerOfNode(doc, ROOT_ID)).toBe('');
    expect(nodeAtPointer(doc, '/body/0/fields/2/children/0/children/0')).toBe('f_note');
    expect(nodeAtPointer(doc, '/body/1/fields/0/dictApi/url')).toBe('f_title');
    expect(nodeAtPointer(doc, '/body/9/fields/0')).toBe(ROOT_ID);
    expect(pathOf(doc, 'nope')).toEqual([]);
  });

  it('outlines the page with titles in the language asked, falling back to the type title', () => {
    const en = outline(doc, 'en');
    expect(en.title).toBe('Test page');
    expect(en.children.map((item) => item.title)).toEqual(['Form', 'List', 'Grid']);
    expect(en.children[0].children.map((item) => item.title)).toEqual(['Name', 'Grid', 'Tabs', 'Box']);
    expect(en.children[0].children[2].children.map((item) => item.title)).toEqual(['One', 'Two']);
    const zh = outline(doc, 'zh');
    expect(zh.children[0].children[0]).toMatchObject({ id: 'f_name', key: 'name', title: '名称', kind: 'field' });
    expect(zh.children[0].title).toBe('表单');
  });

  it('refuses what is not a page schema with the issues that say why, and migrates an old one', () => {
    const pasted = loadDocument('{"components":[{"name":"x"}]}');
    expect(pasted.ok).toBe(false);
    if (!pasted.ok) {
      expect(pasted.issues[0].code).toBe('designer.notPageSchema');
      expect(pasted.issues[0].message.zh).toMatch(/^这不是本平台的页面配置.*可能来自其他产品/);
    }
    // A page schema with a bad version is told about the version.
    const unversioned = loadDocument({ type: 'page', body: [] });
    expect(!unversioned.ok && unversioned.issues[0].code).toBe('schema.versionInvalid');
    const broken = loadDocument('{"schemaVersion": 2, "body": [');
    expect(!broken.ok && broken.issues[0].code).toBe('schema.notJson');
    const old = loadDocument({
      schemaVersion: 1,
      type: 'page',
      body: [{ type: 'form', dataSource: { kind: 'STATIC' }, fields: [{ key: 'a', title: 'A', type: 'input' }] }],
    });
    expect(old.ok).toBe(true);
    if (old.ok) {
      const [formId] = childrenOf(old.doc, ROOT_ID);
      const [fieldId] = childrenOf(old.doc, formId);
      expect(fieldId).toMatch(/^f_/);
      expect(nodeOf(old.doc, fieldId)).toMatchObject({ id: fieldId, key: 'a' });
    }
  });

  it('keeps two fields that share an id apart (the second gets a designer id, the JSON is untouched)', () => {
    const loaded = loadDocument({
      schemaVersion: 2,
      type: 'page',
      body: [
        {
          type: 'form',
          dataSource: { kind: 'STATIC' },
          fields: [
            { id: 'f_same', key: 'a', title: 'A', type: 'input' },
            { id: 'f_same', key: 'b', title: 'B', type: 'input' },
          ],
        },
      ],
    });
    if (!loaded.ok) throw new Error('not loaded');
    const [formId] = childrenOf(loaded.doc, ROOT_ID);
    const [first, second] = childrenOf(loaded.doc, formId);
    expect(first).toBe('f_same');
    expect(second).not.toBe('f_same');
    expect(nodeOf(loaded.doc, second)).toMatchObject({ id: 'f_same', key: 'b' });
  });
});
