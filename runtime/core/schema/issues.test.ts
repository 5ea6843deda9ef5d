import { describe, expect, it } from 'vitest';
import { migrateSchema } from '../migrate';
import { MAX_ISSUES, nodePointerOf, validatePageIssues } from './issues';
import { fixturePage, latestPage, oldPage } from './test-pages';
// Bound and registered as the shell does (the adapter and core import no node or widget).
import '../../definitions';

describe('validatePageIssues', () => {
  it('answers nothing for a valid latest-version page', () => {
    expect(validatePageIssues(latestPage())).toEqual([]);
  });

  it('answers every mistake of the bad fixture with its pointer, a code and both languages', () => {
    const { schema } = migrateSchema(fixturePage('fixtures/pages/bad-page.invalid.json'));
    const issues = validatePageIssues(schema);
    expect(issues.map((issue) => [issue.pointer, issue.code])).toEqual([
      ['/body/0/dataSource/api', 'schema.required'],
      ['/body/0/fields/0/colour', 'schema.additionalProperty'],
      ['/body/0/fields/1/type', 'schema.enum'],
      ['/body/0/fields/2/props/colour', 'schema.additionalProperty'],
      ['/body/0/fields/3/hiddenFn', 'schema.expression'],
      ['/body/0/fields/4/children/0/key', 'schema.pattern'],
      ['/body/0/fields/4/children/0/title/zh', 'schema.required'],
    ]);
    expect(issues[1]).toEqual({
      pointer: '/body/0/fields/0/colour',
      code: 'schema.additionalProperty',
      message: { zh: '不允许的属性 colour', en: 'colour is not an allowed property' },
      params: { property: 'colour' },
    });
    expect(issues[4].message.zh).toBe('不是有效的表达式');
  });

  it('an unmigrated version-1 page is not the latest: its version and every missing id are named', () => {
    const issues = validatePageIssues(oldPage());
    expect(issues[0]).toMatchObject({ pointer: '/schemaVersion', code: 'schema.const' });
    expect(issues.map((issue) => issue.pointer)).toContain('/body/0/fields/0/id');
    expect(issues.map((issue) => issue.pointer)).toContain('/body/0/fields/2/children/1/children/0/id');
    expect(issues.filter((issue) => issue.code === 'schema.required')).toHaveLength(7);
  });

  it('reports all errors, not the first 20, capped at MAX_ISSUES with a last “and N more”', () => {
    const page = latestPage();
    const fields = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `f_${i}`, key: `k${i}`, type: 'input' }));
    page.body[0].fields = fields(150);
    expect(validatePageIssues(page)).toHaveLength(150);
    page.body[0].fields = fields(MAX_ISSUES + 100);
    const issues = validatePageIssues(page);
    expect(issues).toHaveLength(MAX_ISSUES + 1);
    expect(issues[MAX_ISSUES - 1].pointer).toBe(`/body/0/fields/${MAX_ISSUES - 1}/title`);
    expect(issues[MAX_ISSUES]).toEqual({
      pointer: '',
      code: 'schema.moreIssues',
      message: { zh: '还有 100 个问题未列出', en: 'and 100 more issue(s) not listed' },
      params: { count: 100 },
    });
  });

  it('a bad id is refused at its pointer', () => {
    const page = latestPage();
    page.body[0].fields[0].id = 'name; drop';
    expect(validatePageIssues(page)).toEqual([
      expect.objectContaining({ pointer: '/body/0/fields/0/id', code: 'schema.pattern' }),
    ]);
  });
});

describe('nodePointerOf', () => {
  it('names the node an issue belongs to, for the designer to mark', () => {
    expect(nodePointerOf('/body/0/fields/2/dictApi/url')).toBe('/body/0/fields/2');
    expect(nodePointerOf('/body/0/fields/4/children/0/title/zh')).toBe('/body/0/fields/4/children/0');
    expect(nodePointerOf('/body/1/query/leftJoins/0/join')).toBe('/body/1');
    expect(nodePointerOf('/body/0/fields/1/selectItems/0/children/3/label')).toBe('/body/0/fields/1');
    expect(nodePointerOf('/schemaVersion')).toBe('');
    expect(nodePointerOf('')).toBe('');
  });
});
